import { Link } from 'wouter';
import { formatDuration } from '#common/format';
import type { PublicUser } from '#common/schemas/auth';
import type { PublicAlbumSummary, PublicTrack } from '#common/schemas/public';
import { useI18n } from '@/lib/i18n';
import { genreDisplayName } from '@/lib/genre-name';
import { ArtistAvatar, CoverImage, profileHref, TrackListRow } from '@/components/public-pieces';

/** A song in a genre or search list: play through the site's player, its page, artist, price, preview, genre. */
export function TrackResultRow({ track }: { track: PublicTrack }) {
  const { t } = useI18n();
  const genre = track.genre ? genreDisplayName(track.genre, t) : undefined;
  return (
    <TrackListRow track={track}>
      <span>{formatDuration(track.duration)}</span>
      {genre && <span>{genre}</span>}
    </TrackListRow>
  );
}

export function AlbumResultLink({ album }: { album: PublicAlbumSummary }) {
  const { t } = useI18n();
  return (
    <li>
      <Link
        href={`/album/${encodeURIComponent(album.id)}`}
        className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CoverImage kind="album" id={album.id} coverPhotoFilename={album.coverPhotoFilename} size={48} className="size-12" />
        <span className="min-w-0">
          <span className="block truncate font-medium">{album.albumName}</span>
          <span className="block truncate text-sm text-muted-foreground">{t('search.albumBy', { artist: album.artistName })}</span>
        </span>
      </Link>
    </li>
  );
}

export function ArtistResultLink({ artist }: { artist: PublicUser }) {
  const { t } = useI18n();
  return (
    <li>
      <Link
        href={profileHref(artist)}
        className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArtistAvatar user={artist} size={48} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{artist.displayName}</span>
          <span className="block text-sm text-muted-foreground">{t('search.artist')}</span>
        </span>
      </Link>
    </li>
  );
}
