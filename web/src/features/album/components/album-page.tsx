import { FollowButton } from '@/lib/follow';
import { Link } from 'wouter';
import { formatDuration } from '#common/format';
import { albumIsFree } from '#common/payments';
import type { AlbumDetail, PublicTrack } from '#common/schemas/public';
import { Skeleton } from '@/components/ui/skeleton';
import { BackToArtistLink, CatalogItemPage, CopyLinkButton, DownloadLink, EmbedCode, ItemHero, ItemPageSkeleton, PlayPauseButton, PreviewBadge, PriceBadge, RelativeDate, ReportLink } from '@/components/public-pieces';
import { albumDownloadUrl, trackDownloadUrl } from '@/lib/download';
import { useI18n } from '@/lib/i18n';
import { BuyButton } from '@/lib/purchase';
import { useAlbumDetail } from '../api/album-detail';

/** /album/{albumId} (spec section 2): the album, its numbered songs, its link and its download (or Buy when it is priced). */
export function AlbumPage({ albumId }: { albumId: string }) {
  return (
    <CatalogItemPage
      kind="Album"
      query={useAlbumDetail(albumId)}
      itemOf={(data) => data.album}
      titleOf={(album) => `${album.albumName} · ${album.artistName}`}
      skeleton={<AlbumSkeleton />}
    >
      {(data) => <Album detail={data} />}
    </CatalogItemPage>
  );
}

/**
 * The album free as a whole (albumIsFree: its price and every song's are 0) shows 'Free' and
 * Download Album; a priced one its price and Buy. One priced 0 but holding a priced song shows
 * neither (it is not free, and has nothing to sell as a whole): each song has its own price.
 */
function Album({ detail: { album, tracks = [], user } }: { detail: AlbumDetail }) {
  const wholeFree = albumIsFree(album.price, tracks.map((track) => track.price));
  // Issue 21: a free album with pay more is 'Name your price' (its dialog downloads at KES 0).
  const priced = album.price > 0 || (wholeFree && album.payMore === true);
  const free = wholeFree && !album.payMore;
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-4 pb-12 sm:px-6 sm:pt-8">
      {user && <BackToArtistLink user={user} />}
      <ItemHero as="header" kind="album" id={album.id} coverPhotoFilename={album.coverPhotoFilename} name={album.albumName} artistName={album.artistName}>
        <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground sm:justify-start">
          {(priced || free) && <PriceBadge price={album.price} payMore={album.payMore} className="text-sm" />}
          <span data-testid="song-count">{t('count.songs', { count: tracks.length })}</span>
          <RelativeDate value={album.createdAt} />
        </p>
        <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
          <CopyLinkButton path={`/album/${encodeURIComponent(album.id)}`} label={t('album.copyLink')} />
          {user && <FollowButton artistId={user.id} artistName={user.displayName} />}
          {free && tracks.length > 0 && (
            <DownloadLink
              href={albumDownloadUrl(album.id)}
              label={t('album.download')}
              variant="default"
              failureFallback={t('album.downloadFailed')}
            />
          )}
          {priced && tracks.length > 0 && (
            <BuyButton
              item={{ type: 'album', id: album.id, name: album.albumName, price: album.price, payMore: album.payMore, suggestedPrice: album.suggestedPrice }}
              purchasable={album.purchasable !== false}
            />
          )}
        </div>
      </ItemHero>

      <section aria-labelledby="album-songs-heading" className="mt-10">
        <h2 id="album-songs-heading" className="mb-3 text-xl font-semibold">
          {t('album.songs')}
        </h2>
        {tracks.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">{t('album.noSongs')}</p>
        ) : (
          <ol className="divide-y rounded-lg border bg-card" aria-label={t('album.songs')}>
            {tracks.map((track, index) => (
              <AlbumTrackRow key={track.id} track={track} number={index + 1} />
            ))}
          </ol>
        )}
      </section>
      <EmbedCode kind="album" id={album.id} title={t('item.embedTitle', { name: album.albumName, artist: album.artistName })} />
      <ReportLink itemType="album" itemId={album.id} name={album.albumName} className="mt-4" />
    </div>
  );
}

function AlbumTrackRow({ track, number }: { track: PublicTrack; number: number }) {
  // A free song with pay more is 'Name your price' here too, as on its own page.
  const free = !(track.price > 0) && !track.payMore;
  const { t } = useI18n();
  return (
    <li className="flex items-center gap-2.5 px-2.5 py-2 sm:gap-3 sm:px-3" aria-label={track.trackName} data-testid="album-track-row">
      <span className="w-6 shrink-0 text-right text-sm text-muted-foreground tabular-nums" data-testid="track-number">
        {number}
      </span>
      <PlayPauseButton track={track} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/track/${encodeURIComponent(track.id)}`}
          className="block truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
        >
          {track.trackName}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">
          {/* Its own price on every screen (issue 17): a bare Buy does not say what it costs. */}
          <PriceBadge price={track.price} payMore={track.payMore} />
          <PreviewBadge track={track} />
          <span className="max-w-full truncate">{track.artistName}</span>
          <span>{t('count.streams', { count: track.streamCount })}</span>
        </p>
      </div>
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums" data-testid="track-duration">
        {formatDuration(track.duration)}
      </span>
      {free ? (
        <DownloadLink href={trackDownloadUrl(track.id)} label={t('item.download')} accessibleName={t('item.downloadNamed', { name: track.trackName })} iconOnly variant="ghost" />
      ) : (
        <BuyButton
          item={{ type: 'track', id: track.id, name: track.trackName, price: track.price, payMore: track.payMore, suggestedPrice: track.suggestedPrice }}
          purchasable={track.purchasable !== false}
          size="compact"
        />
      )}
    </li>
  );
}

function AlbumSkeleton() {
  const { t } = useI18n();
  return (
    <ItemPageSkeleton label={t('album.loading')} testId="album-loading" actionsClassName="h-10 w-64">
      <Skeleton className="mt-10 h-48 w-full rounded-lg" />
    </ItemPageSkeleton>
  );
}
