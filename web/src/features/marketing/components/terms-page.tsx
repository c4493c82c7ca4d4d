import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CONTACT_EMAIL, SITE_NAME } from '@/lib/site';
import { useDocumentTitle } from '@/hooks/use-document-title';

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
  useDocumentTitle('Terms and Conditions');
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6 sm:py-16">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Terms and Conditions</h1>
        <p className="text-sm text-muted-foreground">Last updated: {TERMS_LAST_UPDATED}</p>
      </header>

      <Section id="terms-acceptance" title="1. Acceptance of these terms">
        <p>
          By using {SITE_NAME}, as a fan listening to or buying music or as an artist selling it, you agree to these terms. If
          you do not agree, please do not use the service.
        </p>
      </Section>

      <Section id="terms-accounts" title="2. Artist accounts">
        <p>
          Artists need an account with a verified e-mail address. You are responsible for keeping your password safe and for
          everything done with your account. Your display name must not impersonate anyone else.
        </p>
      </Section>

      <Section id="terms-content" title="3. Your music and content">
        <p>
          You may only upload music, artwork and other material that you own or have the right to sell. You keep the copyright in
          your work; you give {SITE_NAME} permission to store it, stream it, show it and deliver it to buyers so the service can
          work. We may remove content that breaks the law or these terms.
        </p>
      </Section>

      <Section id="terms-payments" title="4. Sales, fees and payouts">
        <p>
          Prices are set by artists in Kenyan shillings (KES). Fans pay by card or mobile money through our payment provider.
          Payment processing fees are paid by the buyer on top of the price.
        </p>
        <p>
          <strong className="text-foreground">Revenue split:</strong> for every sale the artist receives 90% of the price and{' '}
          {SITE_NAME} keeps 10% as its platform fee. Earnings are paid out to the artist&rsquo;s single payout method: a bank
          account, or an M-Pesa number (M-Pesa&rsquo;s own withdrawal fees apply).
        </p>
      </Section>

      <Section id="terms-purchases" title="5. Purchases by fans">
        <p>
          A purchase gives you a personal licence to download and listen to the music. It does not allow you to resell,
          redistribute or publicly perform it. A download link is also sent to the e-mail address you give when you pay.
        </p>
      </Section>

      <Section id="terms-conduct" title="6. Acceptable use">
        <p>
          Do not misuse the service: no attempts to break into accounts, disrupt the service, manipulate plays or downloads, or
          upload harmful files.
        </p>
      </Section>

      <Section id="terms-liability" title="7. Liability">
        <p>
          We work hard to keep {SITE_NAME} available and your music safe, but the service is provided as it is. To the extent
          the law allows, we are not liable for indirect losses.
        </p>
      </Section>

      <Section id="terms-changes" title="8. Changes to these terms">
        <p>
          We may update these terms. We will give at least {TERMS_NOTICE_DAYS} days&rsquo; notice of any material change, by
          e-mail to artists and on this page, before it takes effect.
        </p>
      </Section>

      <Section id="terms-law" title="9. Governing law">
        <p>These terms are governed by the laws of Kenya, and the courts of Kenya have jurisdiction over any dispute.</p>
      </Section>

      <Section id="terms-contact" title="10. Contact">
        <p>
          Questions about these terms? Write to{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className="text-primary underline underline-offset-4">
            {CONTACT_EMAIL}
          </a>{' '}
          or read more <Link href="/for-artists" className="text-primary underline underline-offset-4">for artists</Link>.
        </p>
      </Section>
    </article>
  );
}
