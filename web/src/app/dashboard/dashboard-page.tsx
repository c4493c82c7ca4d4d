import { useEffect, type ReactNode } from 'react';
import { preloadToaster } from '@/components/ui/toaster-on-demand';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/auth';
import { useAppI18n } from '@/lib/app-i18n';
import { useDashboardSection } from './use-dashboard-section';
import { DashboardLayout } from './dashboard-layout';

/**
 * /dashboard (protected): the open section (sections.tsx) inside the dashboard layout. `footer`
 * is pinned to the bottom of the screen (the app passes the audio player).
 */
export function DashboardPage({ footer }: { footer?: ReactNode }) {
  const { user } = useCurrentUser();
  const [section, selectSection] = useDashboardSection();
  const { t } = useAppI18n();
  useDocumentTitle(t('dashboard.title', { section: t(section.labelKey) }));
  // Dashboard actions report in toasts: have the toast area ready.
  useEffect(preloadToaster, []);

  // The protected route renders us only with a user; after logout the cache is cleared first.
  if (!user) return null;

  const SectionContent = section.Component;
  return (
    <DashboardLayout user={user} section={section} onSelectSection={selectSection} footer={footer}>
      <SectionContent goTo={selectSection} />
    </DashboardLayout>
  );
}
