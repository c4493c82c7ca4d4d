import { useLocation, useSearch } from 'wouter';
import { languageSwitchHref } from '#common/i18n/switch';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * 'Kiswahili' / 'English' (decision 049): one tap reads the same page in the other language, and
 * the choice stays (a `lang` cookie). A plain link, so it works before the page's scripts have
 * arrived and by keyboard; it names the other language in that language. The dashboard adds it too.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, t } = useI18n();
  const [path] = useLocation();
  const search = useSearch();
  const other = language === 'sw' ? 'en' : 'sw';
  return (
    <a
      href={languageSwitchHref(other, search ? `${path}?${search}` : path)}
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
