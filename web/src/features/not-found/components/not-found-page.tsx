import { CompassIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n';

/** Spec section 2: any unknown route, and /{reserved word}, shows this page. */
export function NotFoundPage() {
  const { t } = useI18n();
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <StatusCard
      icon={<CompassIcon />}
      title={t('notFound.title')}
      description={t('notFound.description')}
    />
  );
}
