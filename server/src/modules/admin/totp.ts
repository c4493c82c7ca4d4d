import { createHash, randomBytes } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#common/schemas/admin';

/**
 * TOTP (RFC 6238) as authenticator apps use it: HMAC-SHA-1, 6 digits, 30-second steps, a code
 * accepted one step either side of now. The arithmetic is the maintained `otpauth` package's
 * (decision 092): a second factor is a poor place for code of our own. This module keeps the
 * names the rest of the server uses, and the parameters enrolled operators' apps were given.
 */

/** One step either side of now: a phone's clock a little off, or a code typed as it turns over. */
const DRIFT_STEPS = 1;

/** Base32 as Sauti has always written secrets (RFC 4648, upper case, no padding). */
export function base32Encode(bytes: Buffer): string {
  return new Secret({ buffer: toArrayBuffer(bytes) }).base32;
}

/** Spaces, dashes and padding are allowed (people copy secrets by hand); anything else not base32 throws. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(secretOf(text).bytes);
}

/** A new secret: 160 random bits (RFC 4226's recommended length for SHA-1), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** RFC 4226's HOTP of one counter value. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  return HOTP.generate({ secret: new Secret({ buffer: toArrayBuffer(key) }), algorithm: algorithm.toUpperCase(), digits, counter });
}

/** The 30-second step of a moment. */
export function totpStep(atMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: atMs });
}

/** The code of a base32 secret at a moment. */
export function totpCode(secret: string, atMs = Date.now()): string {
  return TOTP.generate({ secret: secretOf(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, timestamp: atMs });
}

/**
 * The step whose code `code` is, within one step of now, or null. The caller refuses a step at or
 * before the last one accepted (a code is good once), so the step, not only a yes, is needed.
 */
export function matchTotp(secret: string, code: string, atMs = Date.now()): number | null {
  // otpauth compares with crypto.timingSafeEqual, which throws on inputs of different byte
  // lengths: a six-character code that is not six ASCII digits would escape as an error.
  if (!/^\d+$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
    window: DRIFT_STEPS,
  });
  return delta === null ? null : totpStep(atMs) + delta;
}

/** The otpauth:// address an authenticator app reads from the QR code (Google's key URI format). */
export function otpauthUrl(secret: string, account: string, issuer = 'Sauti'): string {
  return new TOTP({ issuer, label: account, secret: secretOf(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).toString();
}

function secretOf(base32: string): Secret {
  return Secret.fromBase32(base32.replace(/[\s=-]/g, ''));
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return Uint8Array.from(bytes).buffer;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code: 10 characters of an unambiguous alphabet (about 49 bits), shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (let i = 0; i < 10; i++) {
    out += RECOVERY_ALPHABET[bytes[i]! % RECOVERY_ALPHABET.length];
    if (i === 4) out += '-';
  }
  return out;
}

/** What is kept of a recovery code: the SHA-256 of its characters, dash and case aside. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
}
