import type { ReactNode } from 'react';
import type { PublicTrack } from '#common/schemas/public';
import { CoverImage } from '@/components/cover-image';
import { ItemLines } from '@/components/item-lines';
import { PlayPauseButton } from '@/components/play-pause-button';
import { PreviewBadge } from '@/components/preview-badge';
import { PriceBadge } from '@/components/price-badge';
import { cn } from '@/lib/utils';

/**
 * A song in a public list (a profile's Music Collection, search results, a genre): play/pause,
 * cover, a link to its page, artist, then its price, the preview badge and the list's own facts
 * (`children`), and the list's action at the end (Buy or Download) if it has one.
 */
export function TrackListRow({ track, children, action, testId }: { track: PublicTrack; children?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <li
      className={cn(
        'grid min-w-0 items-center gap-x-3 rounded-lg border bg-card p-2.5 sm:p-3',
        action ? 'grid-cols-[auto_minmax(0,1fr)_auto]' : 'grid-cols-[auto_minmax(0,1fr)]',
      )}
      aria-label={track.trackName}
      data-testid={testId}
    >
      <div className="flex items-center gap-2.5 sm:gap-3">
        <PlayPauseButton track={track} />
        <CoverImage kind="track" id={track.id} coverPhotoFilename={track.coverPhotoFilename} size={48} className="size-10 sm:size-12" />
      </div>
      <ItemLines href={`/track/${encodeURIComponent(track.id)}`} name={track.trackName} artistName={track.artistName}>
        <PriceBadge price={track.price} />
        <PreviewBadge track={track} />
        {children}
      </ItemLines>
      {action}
    </li>
  );
}
