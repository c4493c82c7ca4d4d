import { formatDuration, formatFileSize } from '#common/format';
import { relativeDate } from '#common/i18n/dates';
import { formatPrice } from '#common/money';
import { type Track } from '#common/schemas/catalog/responses';
import { PREVIEW_SECONDS } from '#common/schemas/catalog/rules';
import type { MyTakedown } from '#common/schemas/takedowns';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { CoverThumbnail } from './cover-thumbnail';
import { NotOnSaleNote } from './not-on-sale-note';
import { TakedownNote } from './takedown-note';
import { RowActions } from './row-actions';
import { TrackPlayButton } from './play-button';
import { useAppI18n } from '@/lib/app-i18n';

/** One song of the Songs tab: play, cover, name, artist, duration, size, price and its actions. */
export function TrackRow({
  track,
  albumName,
  saving,
  checkingDelete,
  notOnSale = false,
  takedown,
  onOpenPayments,
  onEdit,
  onDelete,
}: {
  track: Track;
  /** An operator took it down (or its album, or the artist): hidden from fans, with the reason (decision 058). */
  takedown?: MyTakedown;
  /** The album the song belongs to, if any. */
  albumName?: string;
  /** An edit is on its way to the server. */
  saving: boolean;
  /** The sold-or-not check before a deletion is running. */
  checkingDelete: boolean;
  /** Priced, and the artist has no payout method: fans see 'Not on sale yet' instead of Buy. */
  notOnSale?: boolean;
  onOpenPayments?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, language } = useAppI18n();
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-lg border bg-background p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
      data-testid="track-row"
      aria-label={track.trackName}
    >
      <div className="flex items-center gap-3">
        <TrackPlayButton track={track} />
        <CoverThumbnail kind="track" id={track.id} coverPhotoFilename={track.coverPhotoFilename} className="hidden min-[360px]:flex" />
      </div>
      <div className="min-w-0">
        <p className="truncate font-medium" data-testid="track-name">
          {track.trackName}
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {track.artistName}
          {albumName ? ` · ${albumName}` : ''}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span data-testid="track-duration">{formatDuration(track.duration)}</span>
          <span data-testid="track-size">{formatFileSize(track.fileSize, language)}</span>
          <span>{relativeDate(language, track.uploadedAt)}</span>
          <span>{t('myMusic.plays', { count: track.streamCount })}</span>
          {saving && (
            <span className="flex items-center gap-1 text-primary">
              <Spinner label={null} className="size-3" />
              {t('myMusic.saving')}
            </span>
          )}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 sm:col-span-1 sm:justify-end">
        <div className="flex items-center gap-2">
          {takedown && <Badge variant="destructive">{t('myMusic.takenDown')}</Badge>}
          {!track.allowFullPlayback && <Badge variant="outline">{t('preview.badge', { seconds: PREVIEW_SECONDS })}</Badge>}
          <Badge variant={track.price > 0 ? 'default' : 'secondary'} data-testid="track-price">
            {track.price > 0 ? formatPrice(track.price) : t('price.free')}
          </Badge>
        </div>
        <RowActions name={track.trackName} onEdit={onEdit} onDelete={onDelete} checkingDelete={checkingDelete} />
      </div>
      {takedown && <TakedownNote className="col-span-2 sm:col-span-3" takedown={takedown} />}
      {notOnSale && <NotOnSaleNote className="col-span-2 sm:col-span-3" onOpenPayments={onOpenPayments} />}
    </li>
  );
}
