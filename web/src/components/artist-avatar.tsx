import { profilePhotoUrl } from '#common/playback';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { initialsOf } from '@/lib/utils';

/** An artist's photo, or their initials until there is one. */
export function ArtistAvatar({
  user,
  size,
  className,
}: {
  user: { id: string; displayName: string; hasProfilePhoto: boolean; profilePhotoFilename: string | null };
  size: number;
  className?: string;
}) {
  const photo = user.hasProfilePhoto ? profilePhotoUrl(user.id, user.profilePhotoFilename, size <= 96 ? 96 : 300) : null;
  return (
    <Avatar className={className} style={{ width: size, height: size }}>
      {photo && <AvatarImage src={photo} alt="" width={size} height={size} />}
      <AvatarFallback className="bg-gradient-to-br from-primary/25 to-accent text-foreground/80" style={{ fontSize: Math.round(size / 2.8) }}>
        {initialsOf(user.displayName)}
      </AvatarFallback>
    </Avatar>
  );
}
