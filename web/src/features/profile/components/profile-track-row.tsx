import { formatDuration } from '#common/format';
import type { PublicTrack } from '#common/schemas/public';
import { DownloadLink, RelativeDate, TrackListRow } from '@/components/public-pieces';
import { trackDownloadUrl } from '@/lib/download';
import { useI18n } from '@/lib/i18n';
import { BuyButton } from '@/lib/purchase';

/**
 * One song of the Music Collection (spec section 2): play/pause, cover, a link to its page,
 * artist, price, the preview badge, duration, date, streams, downloads, and a download for a free
 * song (Buy for a priced one; 'Purchased' with Download once bought, 'Not on sale yet' while it
 * cannot be sold). A download checks with the server first: a refusal is an alert with its
 * message (spec section 8).
 */
export function ProfileTrackRow({ track }: { track: PublicTrack }) {
  const free = !(track.price > 0) && !track.payMore;
  const { t } = useI18n();
  return (
    <TrackListRow
      track={track}
      testId="profile-track-row"
      action={
        free ? (
          <DownloadLink href={trackDownloadUrl(track.id)} label={t('item.download')} accessibleName={t('item.downloadNamed', { name: track.trackName })} iconOnly variant="ghost" />
        ) : (
          <BuyButton
            item={{ type: 'track', id: track.id, name: track.trackName, price: track.price, payMore: track.payMore, suggestedPrice: track.suggestedPrice }}
            purchasable={track.purchasable !== false}
            size="compact"
            downloadFailure="alert"
          />
        )
      }
    >
      <span data-testid="track-duration">{formatDuration(track.duration)}</span>
      <RelativeDate value={track.uploadedAt} />
      <span>{t('count.streams', { count: track.streamCount })}</span>
      <span>{t('count.downloads', { count: track.downloadCount })}</span>
    </TrackListRow>
  );
}
