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
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ops@example.com'));
    expect(url.href.startsWith('otpauth://totp/Sauti%3Aops%40example.com?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Sauti', algorithm: 'SHA1', digits: '6', period: '30' });
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
