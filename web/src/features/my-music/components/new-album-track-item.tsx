import { FileAudioIcon } from 'lucide-react';
import { formatFileSize } from '#common/format';
import { formatPrice } from '#common/money';
import type { FileLike } from '#common/schemas/catalog/rules';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useObjectUrl } from '@/hooks/use-object-url';
import { useAppI18n } from '@/lib/app-i18n';
import { genreDisplayName } from '@/lib/genre-name';
import { songPriceOf } from './add-album-track-dialog';

/** A new song as the album form holds it until the album is saved (nothing of it is sent yet). */
export interface NewAlbumTrackEntry {
  trackName: string;
  artistName: string;
  price?: string | number | null;
  genre?: string | null;
  audioFile: FileLike;
  coverPhoto?: FileLike | null;
}

/**
 * One new song in the album dialog's list: 'New track', its name, artist and file, its own genre
 * when it has one (none shown: it takes the album's), its price and, when it has its own cover,
 * that cover small (from the chosen file: it is not uploaded yet, so CoverThumbnail has no URL).
 */
export function NewAlbumTrackItem({
  track,
  albumPrice,
  disabled,
  onRemove,
}: {
  track: NewAlbumTrackEntry;
  /** The album's price in minor units as the album form stands (0: free). */
  albumPrice: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t, language } = useAppI18n();
  const cover = useObjectUrl(track.coverPhoto instanceof Blob ? track.coverPhoto : null);
  const genre = track.genre ? genreDisplayName(track.genre, t) : undefined;
  return (
    <li className="flex items-center gap-3 rounded-md border p-2">
      {cover ? (
        <img src={cover} alt="" width={48} height={48} className="size-12 shrink-0 rounded-md object-cover" data-testid="new-track-cover" />
      ) : (
        <FileAudioIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{t('myMusic.newTrack')}</Badge>
          <span className="truncate text-sm font-medium">{track.trackName}</span>
          {genre && (
            <Badge variant="outline" data-testid="new-track-genre">
              {genre}
            </Badge>
          )}
        </div>
        <p className="truncate text-xs text-muted-foreground">
          {track.artistName} · {track.audioFile.name} · {formatFileSize(track.audioFile.size, language)}
        </p>
        <NewSongPrice price={songPriceOf(track.price)} albumPrice={albumPrice} />
      </div>
      <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemove} aria-label={t('myMusic.removeNamed', { name: track.trackName })}>
        {t('myMusic.remove')}
      </Button>
    </li>
  );
}

/** A new song's price in the album's list; free in a priced album is said for what it means. */
function NewSongPrice({ price, albumPrice }: { price: number; albumPrice: number }) {
  const { t } = useAppI18n();
  if (price === 0 && albumPrice > 0) return <p className="text-xs text-amber-800 dark:text-amber-200">{t('myMusic.freeInPricedAlbum')}</p>;
  return <p className="text-xs text-muted-foreground">{price > 0 ? formatPrice(price) : t('price.free')}</p>;
}
