import type { Language } from '#common/i18n/language';
import { formatPrice } from '#common/money';

/** A sum of money with the project's formatPrice ('KES 1,500.50'); zero is 'KES 0.00', never 'Free'. */
export function formatMoney(minor: number): string {
  return minor ? formatPrice(minor) : 'KES 0.00';
}

/**
 * When a sale happened, in Kenyan time (EAT, UTC+3, no daylight saving): "26 Nov 2026, 12:15".
 * The CSV statement and the per-month totals use UTC.
 */
export function formatSoldAt(iso: string, language: Language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' }).format(date);
}

/** "2026-11" (a UTC month) -> "November 2026". */
export function formatMonth(month: string, language: Language = 'en'): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export const CHANNEL_LABELS = { card: 'sales.channel.card', mobile_money: 'sales.channel.mpesa', code: 'sales.channel.code', other: 'sales.channel.other' } as const;
