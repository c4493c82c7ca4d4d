import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session ids and e-mailed tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a copy of the table opens no account. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
