import { DiscAlbumIcon, MusicIcon } from 'lucide-react';
import { coverUrl } from '#common/schemas/catalog/rules';
import { cn } from '@/lib/utils';

/** A 96 px cover thumbnail (never the 3000 px original), or a placeholder icon. */
export function CoverThumbnail({
  kind,
  id,
  coverPhotoFilename,
  className,
}: {
  kind: 'track' | 'album';
  id: string;
  coverPhotoFilename: string | null;
  className?: string;
}) {
  const src = coverUrl(kind, id, coverPhotoFilename, 96);
  const Icon = kind === 'album' ? DiscAlbumIcon : MusicIcon;
  return (
    <div className={cn('flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground', className)}>
      {src ? (
        <img src={src} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <Icon className="size-5" aria-hidden="true" />
      )}
    </div>
  );
}
