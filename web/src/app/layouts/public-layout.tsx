import { Suspense, useEffect, type ReactNode } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { useI18n } from '@/lib/i18n';
import { PublicPlayerBar } from '../player';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Marks the document once the page's own part has hydrated (or rendered) and answers clicks: a
 * server-rendered page shows before its scripts run (docs/decisions/029). public/boot.js presses
 * again the buttons tapped before this ('sauti:interactive'); end-to-end tests wait for the mark.
 */
function PageInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
    document.dispatchEvent(new Event('sauti:interactive'));
  }, []);
  return null;
}

/** Landing, marketing, profile, track, album and 404 pages: header, page, footer, and the player bar while a track is current. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        {t('layout.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          {children}
          <PageInteractive />
        </Suspense>
      </main>
      <SiteFooter />
      <PublicPlayerBar />
    </div>
  );
}
