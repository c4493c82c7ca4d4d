import { relativeDate } from '#common/i18n/dates';
import { useI18n } from '@/lib/i18n';
import { useIsClient } from '@/lib/is-client';

/** The locale the server renders dates in (Kenya writes day/month/year); the browser then uses its own. */
const SERVER_LOCALE = 'en-GB';

/**
 * Spec section 9's relative date ("3 days ago", else the locale date). The server and the
 * hydrating browser render it with one fixed locale; the browser then re-renders in the reader's
 * own. A page rendered across midnight may differ by a day: that text alone may differ.
 */
export function RelativeDate({ value, className }: { value: string; className?: string }) {
  const isClient = useIsClient();
  const { language } = useI18n();
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {relativeDate(language, value, new Date(), isClient ? undefined : SERVER_LOCALE)}
    </time>
  );
}
