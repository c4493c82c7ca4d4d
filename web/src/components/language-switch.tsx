import type { MouseEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LANGUAGE_SWITCH_PATH, languageSwitchHref } from '#common/i18n/switch';
import { apiRequest } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * 'Kiswahili' / 'English' (decision 049): one tap reads the same page in the other language, and
 * the choice stays (a `lang` cookie). A plain link, so it works before the page's scripts have
 * arrived and by keyboard; it names the other language in that language. The dashboard adds it too.
 * Once the script runs, a tap first posts the choice, which also stores a signed-in person's
 * language for their e-mails (decision 090: the link's GET changes only the cookie), then follows it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, t } = useI18n();
  const [path] = useLocation();
  const search = useSearch();
  const other = language === 'sw' ? 'en' : 'sw';
  const href = languageSwitchHref(other, search ? `${path}?${search}` : path);
  const choose = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modifier, another button) is the link's own business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // The page changes language whatever the answer: the link sets the cookie too.
    void apiRequest('POST', LANGUAGE_SWITCH_PATH, { lang: other })
      .catch(() => undefined)
      .finally(() => window.location.assign(href));
  };
  return (
    <a
      href={href}
      onClick={choose}
      lang={other}
      hrefLang={other}
      rel="nofollow"
      data-testid="language-switch"
      className={cn(
        'inline-flex min-h-9 items-center rounded-md px-2.5 text-sm font-medium underline-offset-4 hover:bg-accent hover:text-accent-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        className,
      )}
    >
      {t('language.switch')}
    </a>
  );
}
