import { Link } from 'wouter';
import { profilePhotoUrl } from '#common/playback';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { initialsOf } from '@/lib/utils';
import type { FeaturedArtist } from '../api/featured';

const CARD_WIDTH = 'w-32 sm:w-36';

/** The artist's own page: the server's profile URL when it is a path on this site, else by id. */
function profileHref(artist: FeaturedArtist): string {
  const url = artist.profileUrl;
  return url.startsWith('/') && !url.startsWith('//') ? url : `/profile/${encodeURIComponent(artist.id)}`;
}

export function ArtistCard({ artist }: { artist: FeaturedArtist }) {
  return (
    <Link
      href={profileHref(artist)}
      className={`group flex ${CARD_WIDTH} flex-col items-center rounded-lg p-2 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50`}
    >
      <Avatar className="size-28 shadow-sm sm:size-32">
        {artist.hasProfilePhoto && (
          <AvatarImage
            src={profilePhotoUrl(artist.id, artist.profilePhotoFilename, 300) ?? undefined}
            alt=""
            width={128}
            height={128}
            loading="lazy"
          />
        )}
        <AvatarFallback className="bg-gradient-to-br from-primary/25 to-accent text-2xl text-foreground/80">
          {initialsOf(artist.displayName)}
        </AvatarFallback>
      </Avatar>
      <p className="mt-3 w-full truncate text-sm font-medium group-hover:underline">{artist.displayName}</p>
    </Link>
  );
}

export function ArtistCardPlaceholder() {
  return (
    <div className={`flex ${CARD_WIDTH} flex-col items-center p-2`}>
      <Skeleton className="size-28 rounded-full sm:size-32" />
      <Skeleton className="mt-3 h-4 w-20" />
    </div>
  );
}
