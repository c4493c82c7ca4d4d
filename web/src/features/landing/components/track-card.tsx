import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MusicIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import { coverUrl } from '#common/playback';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { PreviewBadge } from '@/components/public-pieces';
import { useI18n } from '@/lib/i18n';
import type { PublicAlbumSummary, PublicTrack } from '../api/featured';

const CARD_WIDTH = 'w-40 sm:w-44';

/** The fields a card shows (the discovery lists send whole public tracks and albums). */
type CardTrack = Pick<PublicTrack, 'id' | 'trackName' | 'artistName' | 'coverPhotoFilename' | 'price' | 'allowFullPlayback'>;
type CardAlbum = Pick<PublicAlbumSummary, 'id' | 'albumName' | 'artistName' | 'coverPhotoFilename' | 'price'>;

export function TrackCard({ track }: { track: CardTrack }) {
  return (
    <ItemCard
      href={`/track/${encodeURIComponent(track.id)}`}
      cover={coverUrl('track', track.id, track.coverPhotoFilename, 300)}
      name={track.trackName}
      artistName={track.artistName}
      price={track.price}
      preview={<PreviewBadge track={track} className="absolute top-2 left-2 bg-background/90" />}
    />
  );
}

/** An album in a list of releases: its cover, name and artist, marked 'Album'. */
export function AlbumCard({ album }: { album: CardAlbum }) {
  const { t } = useI18n();
  return (
    <ItemCard
      href={`/album/${encodeURIComponent(album.id)}`}
      cover={coverUrl('album', album.id, album.coverPhotoFilename, 300)}
      name={album.albumName}
      artistName={album.artistName}
      price={album.price}
      kind={t('item.album')}
    />
  );
}

function ItemCard({
  href,
  cover,
  name,
  artistName,
  price,
  kind,
  preview,
}: {
  href: string;
  cover: string | null;
  name: string;
  artistName: string;
  price: number;
  kind?: string;
  /** A track's '25-second preview' badge, if it is one. */
  preview?: ReactNode;
}) {
  const { t } = useI18n();
  // 176 CSS px: the 300 px thumbnail (never the 3000 px original), versioned so it is cached for a year.
  return (
    <Link href={href} className={`group block ${CARD_WIDTH} rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50`}>
      <div className="relative aspect-square overflow-hidden rounded-lg bg-gradient-to-br from-primary/25 via-accent to-secondary">
        {cover ? (
          <img
            src={cover}
            alt=""
            width={176}
            height={176}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <MusicIcon className="absolute inset-0 m-auto size-10 text-primary/60" aria-hidden="true" />
        )}
        {kind && (
          <Badge variant="secondary" className="absolute top-2 left-2 bg-background/90">
            {kind}
          </Badge>
        )}
        {preview}
        <Badge variant="secondary" className="absolute right-2 bottom-2 bg-background/90">
          {price ? formatPrice(price) : t('price.free')}
        </Badge>
      </div>
      <p className="mt-2 truncate text-sm font-medium group-hover:underline">{name}</p>
      <p className="truncate text-sm text-muted-foreground">{artistName}</p>
    </Link>
  );
}

export function TrackCardPlaceholder() {
  return (
    <div className={CARD_WIDTH}>
      <Skeleton className="aspect-square w-full rounded-lg" />
      <Skeleton className="mt-2 h-4 w-3/4" />
      <Skeleton className="mt-1.5 h-4 w-1/2" />
    </div>
  );
}
