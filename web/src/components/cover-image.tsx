import { DiscAlbumIcon, MusicIcon } from 'lucide-react';
import { coverUrl } from '#common/playback';
import { cn } from '@/lib/utils';

/**
 * A cover thumbnail at `size` CSS pixels (never the 3000 px original), or a placeholder icon. Fixed
 * width and height, so nothing moves when it arrives; lazy unless `eager` (the page's main image).
 */
export function CoverImage({
  kind,
  id,
  coverPhotoFilename,
  size,
  eager = false,
  sizes,
  className,
}: {
  kind: 'track' | 'album';
  id: string;
  coverPhotoFilename: string | null;
  /** Intrinsic size in CSS pixels (the box is sized by className). */
  size: number;
  eager?: boolean;
  /** For large covers: the sizes attribute that picks from the 300 and 640 px thumbnails. */
  sizes?: string;
  className?: string;
}) {
  const Icon = kind === 'album' ? DiscAlbumIcon : MusicIcon;
  const small = coverUrl(kind, id, coverPhotoFilename, size <= 48 ? 96 : 300);
  const large = size > 150 ? coverUrl(kind, id, coverPhotoFilename, 640) : null;
  return (
    <div
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-gradient-to-br from-primary/25 via-accent to-secondary text-primary/70',
        className,
      )}
    >
      {small ? (
        <img
          src={small}
          srcSet={large ? `${small} 300w, ${large} 640w` : undefined}
          sizes={large ? sizes : undefined}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <Icon className={size > 100 ? 'size-1/3' : 'size-5'} aria-hidden="true" />
      )}
    </div>
  );
}
