import { Link } from 'wouter';
import { formatDuration } from '#common/format';
import type { PublicTrack } from '#common/schemas/public';
import { countLabel, CoverImage, DownloadLink, PlayPauseButton, PriceBadge, RelativeDate } from '@/lib/catalog-ui';
import { trackDownloadUrl } from '@/lib/download';
import { BuyButton } from '@/lib/purchase';

/**
 * One song of the Music Collection (spec section 2): play/pause, cover, a link to its page,
 * artist, duration, date, streams, downloads, price, and a download for a free song (Buy for a
 * priced one; 'Purchased' with Download once bought, 'Not on sale yet' while it cannot be sold).
 * A download checks with the server first: a refusal is an alert with its message (spec section 8).
 */
export function ProfileTrackRow({ track }: { track: PublicTrack }) {
  const free = !(track.price > 0);
  return (
    <li
      className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 rounded-lg border bg-card p-2.5 sm:p-3"
      aria-label={track.trackName}
      data-testid="profile-track-row"
    >
      <div className="flex items-center gap-2.5 sm:gap-3">
        <PlayPauseButton track={track} />
        <CoverImage kind="track" id={track.id} coverPhotoFilename={track.coverPhotoFilename} size={48} className="size-10 sm:size-12" />
      </div>
      <div className="min-w-0">
        <Link
          href={`/track/${encodeURIComponent(track.id)}`}
          className="block truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
        >
          {track.trackName}
        </Link>
        <p className="truncate text-sm text-muted-foreground">{track.artistName}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">
          <PriceBadge price={track.price} />
          <span data-testid="track-duration">{formatDuration(track.duration)}</span>
          <RelativeDate value={track.uploadedAt} />
          <span>{countLabel(track.streamCount, 'stream')}</span>
          <span>{countLabel(track.downloadCount, 'download')}</span>
        </p>
      </div>
      {free ? (
        <DownloadLink
          href={trackDownloadUrl(track.id)}
          label="Download"
          accessibleName={`Download ${track.trackName}`}
          iconOnly
          variant="ghost"
        />
      ) : (
        <BuyButton
          item={{ type: 'track', id: track.id, name: track.trackName, price: track.price }}
          purchasable={track.purchasable !== false}
          size="compact"
          downloadFailure="alert"
        />
      )}
    </li>
  );
}
