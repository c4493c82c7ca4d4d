/** Display rules of spec section 9, shared by every screen. */

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * Base 1024, units Bytes/KB/MB/GB, two decimals (spec section 9), always, so sizes side by side
 * read alike: 1536 -> "1.50 KB", 641024 -> "626.00 KB". Bytes are whole: "512 Bytes".
 * In Kiswahili (issue 20, decision 063) the figures stay as they are and the unit comes first, as
 * phone bundles and the catalogues write it: "MB 9.40", "KB 626.00", "baiti 512".
 */
export function formatFileSize(bytes: number | null | undefined, language: 'en' | 'sw' = 'en'): string {
  const [figure, unit] = sizeParts(bytes);
  if (language === 'sw') return `${unit === 'Bytes' ? 'baiti' : unit} ${figure}`;
  return `${figure} ${unit}`;
}

function sizeParts(bytes: number | null | undefined): [string, (typeof SIZE_UNITS)[number]] {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return ['0', 'Bytes'];
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  if (exponent <= 0) return [String(Math.round(bytes)), 'Bytes'];
  return [(bytes / 1024 ** exponent).toFixed(2), SIZE_UNITS[exponent]!];
}

/** minutes:seconds with the seconds zero-padded; anything but a number shows "0:00". */
export function formatDuration(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days elapsed: "Today" under a day (the spec starts at one day; an upload a minute old is
 * not "1 day ago", decision 020), "1 day ago", "N days ago" under a week, "N weeks ago" under 30
 * days, else the locale date.
 */
export function formatRelativeDate(value: string | Date, now: Date = new Date(), locale?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.floor((now.getTime() - date.getTime()) / DAY_MS);
  if (days < 1) return 'Today';
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return `${Math.floor(days / 7)} weeks ago`;
  return date.toLocaleDateString(locale);
}
