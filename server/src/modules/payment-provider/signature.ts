import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's x-paystack-signature: lowercase hex HMAC-SHA512 of the raw body, keyed with the secret key. */
export function signWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

const SIGNATURE_FORMAT = /^[0-9a-f]{128}$/i;

/**
 * Whether `signature` is the body's signature under `secret`. Compared in constant time on
 * equal-length buffers; a missing, odd-length or non-hex value is simply false (Buffer.from would
 * otherwise silently drop the bad digits and compare a shorter buffer).
 */
export function verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined, secret: string): boolean {
  if (typeof signature !== 'string' || !SIGNATURE_FORMAT.test(signature)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'hex');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
