import { profilePhotoUrl } from '#common/playback';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { initialsOf } from '@/lib/utils';

/**
 * An artist's photo, or their initials until there is one. `priority`: the photo is the page's
 * largest element (the profile page's header, issue 33), so it is a plain <img> in the server's
 * HTML, asked for first (fetchpriority="high") and painted as it arrives, like a track page's
 * cover; the Avatar's image waits for the script and a second load (it appeared at ~2.4 s where
 * covers appear at ~1.2 s). The initials lie beneath it, seen only until it paints.
 */
export function ArtistAvatar({
  user,
  size,
  priority = false,
  className,
}: {
  user: { id: string; displayName: string; hasProfilePhoto: boolean; profilePhotoFilename: string | null };
  size: number;
  priority?: boolean;
  className?: string;
}) {
  const photo = user.hasProfilePhoto ? profilePhotoUrl(user.id, user.profilePhotoFilename, size <= 96 ? 96 : 300) : null;
  const initials = (
    <AvatarFallback className="bg-gradient-to-br from-primary/25 to-accent text-foreground/80" style={{ fontSize: Math.round(size / 2.8) }}>
      {initialsOf(user.displayName)}
    </AvatarFallback>
  );
  if (priority && photo) {
    return (
      <Avatar className={className} style={{ width: size, height: size }}>
        {initials}
        <img
          src={photo}
          alt=""
          width={size}
          height={size}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 size-full rounded-full object-cover"
        />
      </Avatar>
    );
  }
  return (
    <Avatar className={className} style={{ width: size, height: size }}>
      {photo && <AvatarImage src={photo} alt="" width={size} height={size} />}
      {initials}
    </Avatar>
  );
}
