import { MusicIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /track/{trackId}. Track pages arrive with a later issue; until then the spec's not-found card. */
export function TrackPage({ trackId: _trackId }: { trackId: string }) {
  useDocumentTitle('Track Not Found');
  return (
    <StatusCard
      icon={<MusicIcon />}
      title="Track Not Found"
      description="This track does not exist or is no longer available."
    />
  );
}
