import { PREVIEW_SECONDS } from '#common/playback';
import type { PublicTrack } from '#common/schemas/public';
import { Badge } from '@/components/ui/badge';
import { useI18n } from '@/lib/i18n';
import { useOwnedItems } from '@/lib/owned-items';

/**
 * '25-second preview' for a song its artist plays as a preview only (spec section 4), on its page
 * and in every list (issue 17). A buyer hears the whole song (issue 16): for them it is no preview.
 */
export function PreviewBadge({ track, className }: { track: Pick<PublicTrack, 'id' | 'allowFullPlayback'>; className?: string }) {
  // Only a preview asks what this browser owns: a list of full songs makes no request.
  return track.allowFullPlayback ? null : <PreviewOnlyBadge trackId={track.id} className={className} />;
}

function PreviewOnlyBadge({ trackId, className }: { trackId: string; className?: string }) {
  const owned = useOwnedItems().has({ type: 'track', id: trackId });
  const { t } = useI18n();
  return owned ? null : (
    <Badge variant="outline" className={className}>
      {t('preview.badge', { seconds: PREVIEW_SECONDS })}
    </Badge>
  );
}
