import { CompassIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Spec section 2: any unknown route, and /{reserved word}, shows this page. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <StatusCard
      icon={<CompassIcon />}
      title="404 Page Not Found"
      description="The page you are looking for does not exist or has moved."
    />
  );
}
