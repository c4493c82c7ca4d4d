import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CONTACT_EMAIL, SITE_NAME } from '@/lib/site';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { MarketingMessages, preloadMarketingCatalogue, useMarketingT } from '@/lib/marketing-i18n';

/** The page's catalogue, loading with this chunk (the router waits for both). */
export const marketingReady = preloadMarketingCatalogue();

/** Spec section 2's facts: last updated July 10, 2025; Kenyan law; 90/10 split; 30 days' notice. */
export const TERMS_LAST_UPDATED = 'July 10, 2025';
export const TERMS_NOTICE_DAYS = 30;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

export function TermsPage() {
  return (
    <MarketingMessages>
      <Terms />
    </MarketingMessages>
  );
}

/** The numbered sections whose text is one paragraph (the payments section has two, below). */
const PLAIN_SECTIONS = [
  ['terms-acceptance', 'acceptance'],
  ['terms-accounts', 'accounts'],
  ['terms-content', 'content'],
] as const;
const LATER_SECTIONS = [
  ['terms-purchases', 'purchases'],
  ['terms-conduct', 'conduct'],
  ['terms-liability', 'liability'],
  ['terms-changes', 'changes'],
  ['terms-law', 'law'],
] as const;

function Terms() {
  const t = useMarketingT();
  const values = { site: SITE_NAME, days: TERMS_NOTICE_DAYS };
  useDocumentTitle(t('terms.title'));
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6 sm:py-16">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('terms.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('terms.lastUpdated', { date: TERMS_LAST_UPDATED })}</p>
      </header>

      {PLAIN_SECTIONS.map(([id, name]) => (
        <Section key={id} id={id} title={t(`terms.${name}.title`)}>
          <p>{t(`terms.${name}.text`, values)}</p>
        </Section>
      ))}

      <Section id="terms-payments" title={t('terms.payments.title')}>
        <p>{t('terms.payments.text')}</p>
        <p>
          <strong className="text-foreground">{t('terms.payments.splitLabel')}</strong> {t('terms.payments.split', values)}
        </p>
      </Section>

      {LATER_SECTIONS.map(([id, name]) => (
        <Section key={id} id={id} title={t(`terms.${name}.title`)}>
          <p>{t(`terms.${name}.text`, values)}</p>
        </Section>
      ))}

      <Section id="terms-contact" title={t('terms.contact.title')}>
        <p>
          {t('terms.contact.writeTo')}{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className="text-primary underline underline-offset-4">
            {CONTACT_EMAIL}
          </a>{' '}
          {t('terms.contact.or')}{' '}
          <Link href="/for-artists" className="text-primary underline underline-offset-4">
            {t('terms.contact.forArtists')}
          </Link>
          .
        </p>
      </Section>
    </article>
  );
}
