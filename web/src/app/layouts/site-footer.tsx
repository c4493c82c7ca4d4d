import { Link } from 'wouter';
import { MailIcon } from 'lucide-react';
import { BrandLogo } from '@/components/brand-logo';
import { useI18n } from '@/lib/i18n';
import { CONTACT_EMAIL, SITE_NAME } from '@/lib/site';

/** The footer's links, in their order. */
const LINKS = [
  { href: '/library', label: 'footer.library' },
  { href: '/redeem', label: 'footer.redeem' },
  { href: '/for-artists', label: 'header.forArtists' },
  { href: '/terms-and-conditions', label: 'footer.terms' },
] as const;

/** Spec section 2: the footer carries a terms link and a contact e-mail. */
export function SiteFooter() {
  const { t } = useI18n();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[1fr_auto] sm:px-6">
        <div className="space-y-3">
          <BrandLogo />
          <p className="max-w-sm text-sm text-muted-foreground">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.nav')} className="grid gap-2 text-sm sm:justify-items-end">
          {LINKS.map(({ href, label }) => (
            <Link key={href} href={href} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              {t(label)}
            </Link>
          ))}
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className="inline-flex min-w-0 items-center gap-1.5 text-muted-foreground underline-offset-4 wrap-anywhere hover:text-foreground hover:underline"
          >
            <MailIcon className="size-4" aria-hidden="true" />
            {CONTACT_EMAIL}
          </a>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {t('footer.prices', { year: new Date().getFullYear(), site: SITE_NAME })}
        </p>
      </div>
    </footer>
  );
}
