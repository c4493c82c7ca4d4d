import type { Language } from '#common/i18n/language';
import { formatKes } from '#common/money';
/**
 * Spec section 9's money display (amount / 100 with two decimals, prefixed 'KES ', shillings
 * grouped: 'KES 1,234.56'), for a sum of money: zero shows 'KES 0.00', not the 'Free' of a price.
 */
export function formatKesAmount(minor: number): string {
  return formatKes(minor);
}

/** A count with thousands separators ("12,345"), the same on server and browser. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-KE').format(Number.isFinite(value) ? value : 0);
}

/** "2026-11-25" (a UTC day) -> "25 Nov". */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }, language: Language = 'en'): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { ...options, timeZone: 'UTC' }).format(parsed);
}
