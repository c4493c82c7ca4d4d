import { UserRoundXIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /profile/{identifier} and /{displayName}. Public profiles arrive with a later issue; until
 * then every profile shows the spec's not-found card.
 */
export function ProfilePage({ identifier: _identifier }: { identifier: string }) {
  useDocumentTitle('Profile Not Found');
  return (
    <StatusCard
      icon={<UserRoundXIcon />}
      title="Profile Not Found"
      description="We could not find an artist profile at this address."
    />
  );
}
