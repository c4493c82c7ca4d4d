/**
 * Money is held in integer minor units (KES x 100) everywhere but the input box and the label.
 * Conversions go through strings and integers so no float ever rounds a shilling away.
 */

export const CURRENCY = 'KES';

const KES_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** The highest price an artist may set: KES 1,000,000 (kept well inside a 32-bit column). */
export const MAX_PRICE_KES = 1_000_000;

export type ParsedPrice = { ok: true; minor: number } | { ok: false; reason: 'negative' | 'format' | 'too-high' };

/**
 * Parses a price typed in KES ("", "0", "150", "99.5", "99.50") into minor units; empty means free.
 */
export function parseKesToMinor(input: string | number | null | undefined): ParsedPrice {
  if (input === null || input === undefined) return { ok: true, minor: 0 };
  const text = String(input).trim();
  if (text === '') return { ok: true, minor: 0 };
  if (/^-/.test(text) && Number.isFinite(Number(text))) return { ok: false, reason: 'negative' };
  const match = KES_AMOUNT.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const shillings = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = shillings * 100 + cents;
  if (minor > MAX_PRICE_KES * 100) return { ok: false, reason: 'too-high' };
  return { ok: true, minor };
}

/** Minor units as the plain KES number an input box shows: 150050 -> "1500.50", 0 -> "". */
export function minorToKesInput(minor: number | null | undefined): string {
  if (!minor) return '';
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The price label of spec section 9: "KES 1500.50", or "Free" for zero or missing. */
export function formatPrice(minor: number | null | undefined): string {
  if (!minor) return 'Free';
  return `KES ${minorToKesInput(minor)}`;
}
