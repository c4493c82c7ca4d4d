import { DiscAlbumIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /album/{albumId}. Album pages arrive with a later issue; until then the spec's not-found card. */
export function AlbumPage({ albumId: _albumId }: { albumId: string }) {
  useDocumentTitle('Album Not Found');
  return (
    <StatusCard
      icon={<DiscAlbumIcon />}
      title="Album Not Found"
      description="This album does not exist or is no longer available."
    />
  );
}
