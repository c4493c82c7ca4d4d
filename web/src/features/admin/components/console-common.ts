import { useQueryClient } from '@tanstack/react-query';
import type { Language } from '#common/i18n/language';
import { hasErrorCode } from '@/lib/api';
import { useAppI18n } from '@/lib/app-i18n';
import { ADMIN_STATUS_KEY } from '../api/admin';

/** Helpers every tab of the console shares (decisions 051, 058, 059). */

/**
 * "26 Nov 2026, 14:05 UTC", "26 Des 2026, 14:05 UTC" in Kiswahili: in UTC on every device (the
 * audit log and the providers' dashboards agree), the month in the console's language (issue 33).
 */
export function utcTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** utcTime in the console's language. */
export function useUtcTime(): (iso: string) => string {
  const { language } = useAppI18n();
  return (iso) => utcTime(iso, language);
}

/** An action refused for a stale second factor sends the operator back to the verify screen. */
export function useStaleSecondFactor() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (hasErrorCode(error, 'admin.second-factor-required', 'admin.forbidden')) void client.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
  };
}
