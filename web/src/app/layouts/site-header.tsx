import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { SearchBox } from '@/features/search/components/search-box';
import { useCurrentUser } from '@/lib/auth';
import { useI18n } from '@/lib/i18n';

/**
 * The public pages' top bar: the logo, search (a row of its own on phones), the artists' page,
 * the language switch, and sign-in or the dashboard.
 */
export function SiteHeader() {
  const { user } = useCurrentUser();
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6">
        <BrandLogo />
        <SearchBox className="order-last w-full sm:order-none sm:max-w-sm sm:flex-1" />
        <nav aria-label={t('header.nav')} className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <Link href="/for-artists">{t('header.forArtists')}</Link>
          </Button>
          {user ? (
            <Button asChild size="sm">
              <Link href="/dashboard">{t('header.dashboard')}</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link href="/auth">{t('header.signIn')}</Link>
              </Button>
              <Button asChild size="sm">
                <Link href="/auth?tab=register">{t('header.getStarted')}</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
