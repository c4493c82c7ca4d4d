import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashRecoveryCode, hotp, matchTotp, newRecoveryCode, newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp';

const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA256_KEY = Buffer.from('12345678901234567890123456789012');
const SHA512_KEY = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('HOTP (RFC 4226, appendix D)', () => {
  it('gives the RFC values for counters 0 to 9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238, appendix B)', () => {
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s: SHA-1 %s, SHA-256 %s, SHA-512 %s (8 digits)', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(hotp(SHA1_KEY, step, 8)).toBe(sha1);
    expect(hotp(SHA256_KEY, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SHA512_KEY, step, 8, 'sha512')).toBe(sha512);
  });

  it('gives the 6-digit SHA-1 code apps show, from the base32 secret', () => {
    const secret = base32Encode(SHA1_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    // The last six digits of the 8-digit vector.
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1111111109_000)).toBe('081804');
  });
});

describe('matchTotp', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_000_000;
  const step = totpStep(now);

  it('accepts the code of now and of one step either side, naming its step', () => {
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another secret, or not six digits', () => {
    const far = [totpCode(secret, now - 60_000), totpCode(secret, now + 60_000)].filter(
      (code) => ![now - 30_000, now, now + 30_000].some((at) => totpCode(secret, at) === code),
    );
    for (const code of far) expect(matchTotp(secret, code, now)).toBeNull();
    const other = newTotpSecret();
    const code = totpCode(other, now);
    if (![now - 30_000, now, now + 30_000].some((at) => totpCode(secret, at) === code)) expect(matchTotp(secret, code, now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, '', now)).toBeNull();
  });

  it('refuses six characters that are not six ASCII digits rather than throwing', () => {
    for (const code of ['12345é', '１２３４５６', 'abcdef', '12 345', '1234567']) expect(matchTotp(secret, code, now)).toBeNull();
  });
});

// Operators enrolled before decision 092 hold secrets written, and codes checked, by the
// hand-written implementation; these vectors were computed by it and must keep working.
describe('secrets enrolled before otpauth', () => {
  it('accepts the RFC 6238 secret at 59 s as it did, naming the same step', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(matchTotp(secret, '287082', 59_000)).toBe(1);
    expect(matchTotp(secret, '287082', 89_000)).toBe(1);
    expect(matchTotp(secret, '287082', 29_000)).toBe(1);
    expect(matchTotp(secret, '287082', 119_000)).toBeNull();
  });

  it('accepts codes of a 160-bit secret made by the old implementation, one step either side and no further', () => {
    const secret = 'T46BU7S3FWGE62QODM6VY742FZFW3DYK';
    const at = 1_796_000_000_000;
    expect(base32Decode(secret)).toEqual(Buffer.from('9f3c1a7e5b2d8c4f6a0e1b3d5c7f9a2e4b6d8f0a', 'hex'));
    expect(totpStep(at)).toBe(59866666);
    expect(totpCode(secret, at)).toBe('488813');
    expect(matchTotp(secret, '531239', at)).toBe(59866665);
    expect(matchTotp(secret, '488813', at)).toBe(59866666);
    expect(matchTotp(secret, '585390', at)).toBe(59866667);
    expect(matchTotp(secret, '718643', at)).toBeNull();
    // Typed by hand from the enrolment page: grouped, lower case.
    expect(matchTotp('t46b u7s3 fwge 62qo dm6v y742 fzfw 3dyk', '488813', at)).toBe(59866666);
  });
});

describe('secrets and recovery codes', () => {
  it('makes 160-bit base32 secrets that decode back', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('names the secret, issuer and parameters in the otpauth address', () => {
    // Read as an authenticator app reads it: type, then the label "issuer:account" (its colon
    // literal or %3A, both allowed by the key URI format), then the parameters in any order.
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ops@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Sauti:ops@example.com');
    expect(url.pathname).toContain('ops%40example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Sauti', algorithm: 'SHA1', digits: '6', period: '30' });
    const plus = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ops+duty@example.com'));
    expect(decodeURIComponent(plus.pathname)).toBe('/Sauti:ops+duty@example.com');
  });

  it('makes distinct recovery codes whose hash ignores case, dash and spaces', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toBe(hashRecoveryCode(codes[1]!));
    expect(hashRecoveryCode(code)).not.toContain(code.replace('-', ''));
  });
});
