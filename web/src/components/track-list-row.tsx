import type { ReactNode } from 'react';
import type { PublicTrack } from '#common/schemas/public';
import { Link } from 'wouter';
import { CoverImage } from '@/components/cover-image';
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
          <PreviewBadge track={track} />
          {children}
        </p>
      </div>
      {action}
    </li>
  );
}
