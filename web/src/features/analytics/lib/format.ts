import type { Language } from '#common/i18n/language';
/**
 * Spec section 9's money display (amount / 100 with two decimals, prefixed 'KES '), for a sum of
 * money: zero shows 'KES 0.00', not the 'Free' of a price.
 */
export function formatKesAmount(minor: number): string {
  const whole = Math.max(0, Math.round(Number.isFinite(minor) ? minor : 0));
  return `KES ${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
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
