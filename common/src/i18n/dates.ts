import { formatRelativeDate } from '../format';
import type { Language } from './language';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec section 9's relative date in the page's language (decision 049). English keeps the spec's
 * words ("Today", "3 days ago", else the locale's date); Kiswahili says it as the phone does, by
 * Intl: "Leo", "Jana", "siku 2 zilizopita", "wiki 3 zilizopita", else "26 Novemba 2026".
 */
export function relativeDate(language: Language, value: string | Date, now: Date = new Date(), englishLocale?: string): string {
  if (language === 'en') return formatRelativeDate(value, now, englishLocale);
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.floor((now.getTime() - date.getTime()) / DAY_MS);
  if (days >= 30) return date.toLocaleDateString('sw-KE', { day: 'numeric', month: 'long', year: 'numeric' });
  // "juzi" (the day before yesterday) is right but less plain than "siku 2 zilizopita".
  const format = new Intl.RelativeTimeFormat('sw', { numeric: days < 2 ? 'auto' : 'always' });
  const text = days < 7 ? format.format(-Math.max(days, 0), 'day') : format.format(-Math.floor(days / 7), 'week');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * A day: "26 Nov 2026" in English, as Intl writes it in Kiswahili ("2 Mac 2026"), in UTC so the
 * server's page and the browser's agree whatever the time zone (a fan's library, a receipt).
 */
export function shortDate(language: Language, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (language === 'en') return `${date.getUTCDate()} ${EN_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return date.toLocaleDateString('sw-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
