import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_KEY, SecretBox } from './secret-box';

describe('TOTP secrets sealed at rest (decision 059)', () => {
  const box = new SecretBox(randomBytes(32));
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('seals with a fresh nonce each time and opens for the same operator only', () => {
    const sealed = box.seal(secret, 'operators:a');
    expect(sealed).toMatch(/^v1:[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret, 'operators:a')).not.toBe(sealed);
    expect(box.open(sealed, 'operators:a')).toBe(secret);
    expect(() => box.open(sealed, 'operators:b')).toThrow();
  });

  it('refuses an altered value or another key; a secret stored before encryption opens as it is', () => {
    const sealed = box.seal(secret, 'operators:a');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[14]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64url')}`, 'operators:a')).toThrow();
    expect(() => new SecretBox(DEVELOPMENT_KEY).open(sealed, 'operators:a')).toThrow();
    expect(() => box.open('v1:abc', 'operators:a')).toThrow();
    expect(box.open(secret, 'operators:a')).toBe(secret);
    expect(SecretBox.isSealed(secret)).toBe(false);
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow(RangeError);
  });
});
