import { FollowButton } from '@/lib/follow';
import { Link } from 'wouter';
import { genreName } from '#common/genres';
import { formatDuration } from '#common/format';
import type { TrackDetail } from '#common/schemas/public';
import { BackToArtistLink, CatalogItemPage, CopyLinkButton, CoverImage, DownloadLink, EmbedCode, ItemHero, ItemPageSkeleton, PlayPauseButton, PreviewBadge, PriceBadge, RelativeDate, ReportLink } from '@/components/public-pieces';
import { trackDownloadUrl } from '@/lib/download';
import { useI18n } from '@/lib/i18n';
import { BuyButton } from '@/lib/purchase';
import { useTrackDetail } from '../api/track-detail';

/**
 * /track/{trackId} (spec section 2): one song, its artist, the player, its link and its download
 * (or Buy when it is priced: 'Purchased' with Download in the browser that bought it, 'Not on sale
 * yet' while its artist cannot take payments).
 */
export function TrackPage({ trackId }: { trackId: string }) {
  return (
    <CatalogItemPage
      kind="Track"
      query={useTrackDetail(trackId)}
      itemOf={(data) => data.track}
      titleOf={(track) => `${track.trackName} · ${track.artistName}`}
      skeleton={<TrackSkeleton />}
    >
      {(data) => <Track detail={data} />}
    </CatalogItemPage>
  );
}

function Track({ detail: { track, user, album, moreFromArtist = [] } }: { detail: TrackDetail }) {
  // Issue 21: a free track with pay more is 'Name your price' (its dialog downloads at KES 0).
  const free = !(track.price > 0) && !track.payMore;
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-4 pb-12 sm:px-6 sm:pt-8">
      {user && <BackToArtistLink user={user} />}
      <ItemHero as="article" kind="track" id={track.id} coverPhotoFilename={track.coverPhotoFilename} name={track.trackName} artistName={track.artistName}>
        <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground sm:justify-start">
          <PriceBadge price={track.price} payMore={track.payMore} className="text-sm" />
          <PreviewBadge track={track} />
          <span data-testid="track-duration">{formatDuration(track.duration)}</span>
          <RelativeDate value={track.uploadedAt} />
          <span>{t('count.streams', { count: track.streamCount })}</span>
          <span>{t('count.downloads', { count: track.downloadCount })}</span>
          {track.genre && genreName(track.genre) && (
            <Link href={`/genre/${track.genre}`} className="underline underline-offset-4 hover:text-foreground">
              {genreName(track.genre)}
            </Link>
          )}
        </p>
        {album && (
          <Link
            href={`/album/${encodeURIComponent(album.id)}`}
            className="mx-auto flex w-fit max-w-full items-center gap-3 rounded-lg border bg-card p-1.5 pr-4 text-left hover:bg-accent sm:mx-0"
            data-testid="track-album"
          >
            <CoverImage kind="album" id={album.id} coverPhotoFilename={album.coverPhotoFilename} size={48} className="size-12" />
            <span className="min-w-0">
              <span className="block text-xs text-muted-foreground">{t('track.fromAlbum')}</span>
              <span className="block truncate font-medium">{album.albumName}</span>
            </span>
          </Link>
        )}
        <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
          <PlayPauseButton track={track} large />
          <CopyLinkButton path={`/track/${encodeURIComponent(track.id)}`} label={t('track.copyLink')} />
          {user && <FollowButton artistId={user.id} artistName={user.displayName} />}
          {free ? (
            <DownloadLink href={trackDownloadUrl(track.id)} label={t('item.download')} accessibleName={t('item.downloadNamed', { name: track.trackName })} variant="default" />
          ) : (
            <BuyButton
              item={{ type: 'track', id: track.id, name: track.trackName, price: track.price, payMore: track.payMore, suggestedPrice: track.suggestedPrice }}
              purchasable={track.purchasable !== false}
            />
          )}
        </div>
      </ItemHero>

      {user && moreFromArtist.length > 0 && (
        <section aria-labelledby="more-from-heading" className="mt-10">
          <h2 id="more-from-heading" className="mb-3 text-xl font-semibold">
            {t('track.moreFrom', { artist: user.displayName })}
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {moreFromArtist.map((other) => (
              <li key={other.id}>
                <Link href={`/track/${encodeURIComponent(other.id)}`} className="group block space-y-2 outline-none">
                  <CoverImage
                    kind="track"
                    id={other.id}
                    coverPhotoFilename={other.coverPhotoFilename}
                    size={180}
                    sizes="(min-width: 640px) 200px, 45vw"
                    className="aspect-square w-full"
                  />
                  <span className="block truncate text-sm font-medium underline-offset-4 group-hover:underline group-focus-visible:underline">
                    {other.trackName}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <EmbedCode kind="track" id={track.id} title={t('item.embedTitle', { name: track.trackName, artist: track.artistName })} />
      <ReportLink itemType="track" itemId={track.id} name={track.trackName} className="mt-4" />
    </div>
  );
}

function TrackSkeleton() {
  const { t } = useI18n();
  return <ItemPageSkeleton label={t('track.loading')} testId="track-loading" actionsClassName="h-12 w-64" />;
}
