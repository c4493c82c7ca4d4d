import type { AppTranslator } from './i18n';

/**
 * The time left of an upload, from its progress events (lib/upload.ts). The events count every
 * byte of the request body, the audio and the cover photo alike, so the estimate covers both. The
 * rate is smoothed (a moving average over about five seconds) so that one slow moment on mobile
 * data does not swing the estimate about.
 */

export interface UploadRate {
  startedAt: number;
  /** The last sample taken: when, and how many bytes were sent by then. */
  at: number;
  loaded: number;
  /** Bytes per second, smoothed; null before the first sample. */
  bytesPerSecond: number | null;
}

/** Samples closer together than this are merged (progress events can come every few ms). */
const MIN_SAMPLE_MS = 250;
/** The smoothing's time constant. */
const SMOOTHING_MS = 5000;
/** No estimate before this much of the upload has been watched. */
const SETTLE_MS = 2000;

export function startRate(now: number): UploadRate {
  return { startedAt: now, at: now, loaded: 0, bytesPerSecond: null };
}

/** The rate after a progress event saying `loaded` bytes are sent at `now` (milliseconds). */
export function nextRate(rate: UploadRate, loaded: number, now: number): UploadRate {
  const elapsed = now - rate.at;
  if (elapsed < MIN_SAMPLE_MS) return rate;
  const instant = (Math.max(0, loaded - rate.loaded) * 1000) / elapsed;
  const weight = 1 - Math.exp(-elapsed / SMOOTHING_MS);
  const bytesPerSecond = rate.bytesPerSecond === null ? instant : rate.bytesPerSecond + weight * (instant - rate.bytesPerSecond);
  return { startedAt: rate.startedAt, at: now, loaded, bytesPerSecond };
}

/** Seconds until `total` bytes are sent, or null while there is no telling yet. */
export function secondsLeft(rate: UploadRate, loaded: number, total: number, now: number): number | null {
  if (now - rate.startedAt < SETTLE_MS || !rate.bytesPerSecond || rate.bytesPerSecond <= 0 || total <= 0) return null;
  return Math.max(0, total - loaded) / rate.bytesPerSecond;
}

/** "about 40 seconds left", "about 3 min left": rounded, as a person would say it, in the page's language. */
export function formatTimeLeft(t: AppTranslator['t'], seconds: number): string {
  if (seconds < 10) return t('myMusic.timeLeft.fewSeconds');
  if (seconds < 50) return t('myMusic.timeLeft.seconds', { seconds: Math.ceil(seconds / 10) * 10 });
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t('myMusic.timeLeft.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t('myMusic.timeLeft.hours', { hours }) : t('myMusic.timeLeft.hoursMinutes', { hours, minutes: rest });
}
