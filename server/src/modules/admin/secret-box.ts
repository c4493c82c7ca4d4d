import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Operators' TOTP secrets encrypted at rest (docs/decisions/059): AES-256-GCM with a key from the
 * environment (TOTP_ENCRYPTION_KEY), a fresh 96-bit nonce per value, and the operator's id as
 * associated data, so a sealed secret copied onto another operator's row does not open. Stored as
 * `v1:` + base64url(nonce | ciphertext | tag). A value without the prefix is a secret stored before
 * encryption (base32, decision 051): it still opens, and is sealed at the next start.
 */
export const SEALED_PREFIX = 'v1:';

/** Outside production with no key: one derived from a fixed, public phrase (like the simulated Paystack key), the same on every process. */
export const DEVELOPMENT_KEY = createHash('sha256').update('sauti development TOTP key: not a secret').digest();

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError('AES-256-GCM needs a 32-byte key');
  }

  static isSealed(value: string): boolean {
    return value.startsWith(SEALED_PREFIX);
  }

  seal(plain: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The plain secret; a legacy (unsealed) value as it is. Throws when the value was altered or sealed with another key or context. */
  open(stored: string, context: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    if (raw.length < 12 + 16) throw new Error('A sealed secret is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  }
}
