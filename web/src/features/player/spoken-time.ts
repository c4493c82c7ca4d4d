import type { Translator } from '@/lib/i18n';

/**
 * A playhead as a screen reader should say it, in the page's language: "1 minute 20 seconds",
 * "dakika 1 sekunde 20" (decision 057). "1:20" is read as a ratio or a clock time by screen readers.
 */
export function spokenTime(t: Translator['t'], totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  if (minutes === 0) return t('player.seconds', { count: seconds });
  if (seconds === 0) return t('player.minutes', { count: minutes });
  return t('player.minutesSeconds', { minutes: t('player.minutes', { count: minutes }), seconds: t('player.seconds', { count: seconds }) });
}

/** The seek slider's aria-valuetext: "1 minute 20 seconds of 3 minutes" / "dakika 1 sekunde 20 kati ya dakika 3". */
export function spokenPosition(t: Translator['t'], position: number, length: number): string {
  return t('player.position', { position: spokenTime(t, position), length: spokenTime(t, length) });
}

/** Seconds the arrow keys move the playhead (Home and End go to either end). */
export const SEEK_STEP_SECONDS = 5;

/** Where a key on the seek slider sends the playhead, or null for a key it does not handle. */
export function seekTarget(key: string, position: number, max: number): number | null {
  const clamp = (value: number) => Math.min(max, Math.max(0, value));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + SEEK_STEP_SECONDS);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - SEEK_STEP_SECONDS);
    case 'PageUp':
      return clamp(position + 6 * SEEK_STEP_SECONDS);
    case 'PageDown':
      return clamp(position - 6 * SEEK_STEP_SECONDS);
    case 'Home':
      return 0;
    case 'End':
      return max;
    default:
      return null;
  }
}
