import { useId, useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { formatDuration } from '#common/format';
import { relativeDate } from '#common/i18n/dates';
import { formatPrice } from '#common/money';
import { type Album } from '#common/schemas/catalog/responses';
import { PREVIEW_SECONDS } from '#common/schemas/catalog/rules';
import type { MyTakedown } from '#common/schemas/takedowns';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { CoverThumbnail } from './cover-thumbnail';
import { NotOnSaleNote } from './not-on-sale-note';
import { TakedownNote } from './takedown-note';
import { RowActions } from './row-actions';
import { TrackPlayButton } from './play-button';
import { useAppI18n } from '@/lib/app-i18n';

/** An expandable album row (spec section 2): its details, and its songs when opened. */
export function AlbumRow({
  album,
  notOnSale = false,
  takedown,
  onOpenPayments,
  onEdit,
  onDelete,
}: {
  album: Album;
  /** An operator took it down (or the artist): hidden from fans, with the reason (decision 058). */
  takedown?: MyTakedown;
  /** Priced, and the artist has no payout method: fans see 'Not on sale yet' instead of Buy. */
  notOnSale?: boolean;
  onOpenPayments?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, language } = useAppI18n();
  const [expanded, setExpanded] = useState(false);
  const songsId = useId();
  const count = album.tracks.length;
  return (
    <li className="rounded-lg border bg-background" data-testid="album-row" aria-label={album.albumName}>
      <div className="grid grid-cols-[minmax(0,1fr)] items-center gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <button
          type="button"
          className="flex min-w-0 items-center gap-3 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-expanded={expanded}
          aria-controls={songsId}
          onClick={() => setExpanded((open) => !open)}
        >
          <ChevronDownIcon className={cn('size-4 shrink-0 text-muted-foreground transition-transform', !expanded && '-rotate-90')} aria-hidden="true" />
          <CoverThumbnail kind="album" id={album.id} coverPhotoFilename={album.coverPhotoFilename} />
          <span className="min-w-0">
            <span className="block truncate font-medium" data-testid="album-name">
              {album.albumName}
            </span>
            <span className="block truncate text-sm text-muted-foreground">{album.artistName}</span>
            <span className="block text-xs text-muted-foreground" data-testid="album-song-count">
              {t('myMusic.albumSongs', { count, date: relativeDate(language, album.createdAt) })}
            </span>
          </span>
        </button>
        <div className="flex items-center justify-between gap-2 sm:justify-end">
          {takedown && <Badge variant="destructive">{t('myMusic.takenDown')}</Badge>}
          <Badge variant={album.price > 0 ? 'default' : 'secondary'}>{album.price > 0 ? formatPrice(album.price) : t('price.free')}</Badge>
          <RowActions name={album.albumName} onEdit={onEdit} onDelete={onDelete} />
        </div>
        {takedown && <TakedownNote className="sm:col-span-2" takedown={takedown} />}
        {notOnSale && <NotOnSaleNote className="sm:col-span-2" onOpenPayments={onOpenPayments} />}
      </div>
      <div id={songsId} hidden={!expanded} className="border-t px-3 py-2">
        {expanded &&
          (count === 0 ? (
            <p className="py-3 text-center text-sm text-muted-foreground">{t('myMusic.emptyAlbum')}</p>
          ) : (
            <ol className="divide-y" aria-label={t('myMusic.songsOf', { album: album.albumName })}>
              {album.tracks.map((track, index) => (
                <li key={track.id} className="flex items-center gap-3 py-2">
                  <span className="w-5 shrink-0 text-right text-xs text-muted-foreground tabular-nums">{index + 1}</span>
                  <TrackPlayButton track={track} className="size-8" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{track.trackName}</span>
                    <span className="block truncate text-xs text-muted-foreground">{track.artistName}</span>
                  </span>
                  {!track.allowFullPlayback && (
                    <Badge variant="outline" className="hidden sm:inline-flex">
                      {t('preview.badge', { seconds: PREVIEW_SECONDS })}
                    </Badge>
                  )}
                  <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(track.duration)}</span>
                </li>
              ))}
            </ol>
          ))}
      </div>
    </li>
  );
}
