import { Link } from 'wouter';
import { formatDuration } from '#common/format';
import { genreName } from '#common/genres';
import type { PublicUser } from '#common/schemas/auth';
import type { PublicAlbumSummary, PublicTrack } from '#common/schemas/public';
import { ArtistAvatar, CoverImage, PlayPauseButton, PriceBadge, profileHref } from '@/lib/catalog-ui';

/** A song in a genre or search list: play through the site's player, its page, artist, genre, price. */
export function TrackResultRow({ track }: { track: PublicTrack }) {
  const genre = track.genre ? genreName(track.genre) : undefined;
  return (
    <li className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-lg border bg-card p-2.5 sm:p-3" aria-label={track.trackName}>
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
          <span>{formatDuration(track.duration)}</span>
          {genre && <span>{genre}</span>}
        </p>
      </div>
    </li>
  );
}

export function AlbumResultLink({ album }: { album: PublicAlbumSummary }) {
  return (
    <li>
      <Link
        href={`/album/${encodeURIComponent(album.id)}`}
        className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CoverImage kind="album" id={album.id} coverPhotoFilename={album.coverPhotoFilename} size={48} className="size-12" />
        <span className="min-w-0">
          <span className="block truncate font-medium">{album.albumName}</span>
          <span className="block truncate text-sm text-muted-foreground">Album · {album.artistName}</span>
        </span>
      </Link>
    </li>
  );
}

export function ArtistResultLink({ artist }: { artist: PublicUser }) {
  return (
    <li>
      <Link
        href={profileHref(artist)}
        className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArtistAvatar user={artist} size={48} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{artist.displayName}</span>
          <span className="block text-sm text-muted-foreground">Artist</span>
        </span>
      </Link>
    </li>
  );
}
