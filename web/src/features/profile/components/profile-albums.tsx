import { useId, useState } from 'react';
import { Link } from 'wouter';
import { ChevronDownIcon } from 'lucide-react';
import { formatDuration } from '#common/format';
import { albumIsFree } from '#common/payments';
import type { PublicAlbum } from '#common/schemas/public';
import { Button } from '@/components/ui/button';
import { CoverImage, DownloadLink, PlayPauseButton, PriceBadge, RelativeDate } from '@/components/public-pieces';
import { albumDownloadUrl } from '@/lib/download';
import { useI18n } from '@/lib/i18n';
import { BuyButton } from '@/lib/purchase';
import { cn } from '@/lib/utils';

/** The profile's Albums section (spec section 2): one expandable entry per album. */
export function ProfileAlbums({ albums }: { albums: PublicAlbum[] }) {
  const { t } = useI18n();
  return (
    <ul className="grid gap-3" aria-label={t('profile.albums')}>
      {albums.map((album) => (
        <ProfileAlbum key={album.id} album={album} />
      ))}
    </ul>
  );
}

/**
 * One album: its Download Album when it is free as a whole (albumIsFree: its price and every
 * song's are 0), its Buy when it is priced. An album priced 0 holding a priced song is neither: no
 * 'Free', no Download Album; its songs carry their own prices.
 */
function ProfileAlbum({ album }: { album: PublicAlbum }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wholeFree = albumIsFree(album.price, album.tracks.map((track) => track.price));
  // Issue 21: a free album with pay more is 'Name your price' (its dialog downloads at KES 0), as on its page.
  const priced = album.price > 0 || (wholeFree && album.payMore === true);
  const free = wholeFree && !album.payMore;
  const { t } = useI18n();
  return (
    <li className="min-w-0 rounded-lg border bg-card" aria-label={album.albumName} data-testid="profile-album">
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 p-2.5 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] sm:p-3">
        <CoverImage kind="album" id={album.id} coverPhotoFilename={album.coverPhotoFilename} size={64} className="size-14 sm:size-16" />
        <div className="min-w-0">
          <Link
            href={`/album/${encodeURIComponent(album.id)}`}
            className="block truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {album.albumName}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{album.artistName}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">
            {(priced || free) && <PriceBadge price={album.price} payMore={album.payMore} />}
            <span>{t('count.songs', { count: album.tracks.length })}</span>
            <RelativeDate value={album.createdAt} />
          </p>
        </div>
        {free && album.tracks.length > 0 ? (
          <DownloadLink
            href={albumDownloadUrl(album.id)}
            label={t('album.download')}
            className="col-span-3 row-start-2 w-full sm:col-span-1 sm:row-start-1 sm:col-start-3 sm:w-auto"
            failureFallback={t('album.downloadFailed')}
          />
        ) : priced && album.tracks.length > 0 ? (
          <BuyButton
            item={{ type: 'album', id: album.id, name: album.albumName, price: album.price, payMore: album.payMore, suggestedPrice: album.suggestedPrice }}
            purchasable={album.purchasable !== false}
            downloadFailure="alert"
            className="col-span-3 row-start-2 w-full sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:w-auto"
          />
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="col-start-3 row-start-1 sm:col-start-4"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={t(open ? 'profile.hideSongs' : 'profile.showSongs', { album: album.albumName })}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDownIcon className={cn('size-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      <div id={listId} hidden={!open} className="border-t px-2.5 py-2 sm:px-3">
        {open &&
          (album.tracks.length === 0 ? (
            <p className="py-2 text-sm text-muted-foreground">{t('album.noSongs')}</p>
          ) : (
            <ol className="grid gap-1" aria-label={t('album.songsOf', { album: album.albumName })}>
              {album.tracks.map((track, index) => (
                <li key={track.id} className="flex items-center gap-3 py-1" aria-label={track.trackName}>
                  <span className="w-5 shrink-0 text-right text-sm text-muted-foreground tabular-nums">{index + 1}</span>
                  <PlayPauseButton track={track} />
                  <Link
                    href={`/track/${encodeURIComponent(track.id)}`}
                    className="block min-w-0 flex-1 truncate text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
                  >
                    {track.trackName}
                  </Link>
                  {!priced && !free && track.price > 0 && <PriceBadge price={track.price} className="shrink-0" />}
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatDuration(track.duration)}</span>
                </li>
              ))}
            </ol>
          ))}
      </div>
    </li>
  );
}
