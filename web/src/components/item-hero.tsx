import type { ReactNode } from 'react';
import { CoverImage } from '@/components/cover-image';
import { useI18n } from '@/lib/i18n';

/** The track and album pages' large cover beside what it is, its name and its artist. */
export function ItemHero({
  as: Element,
  kind,
  id,
  coverPhotoFilename,
  name,
  artistName,
  children,
}: {
  as: 'article' | 'header';
  kind: 'track' | 'album';
  id: string;
  coverPhotoFilename: string | null;
  name: string;
  artistName: string;
  /** The facts and actions under the name. */
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Element className="mt-3 grid gap-6 sm:mt-5 sm:grid-cols-[18rem_minmax(0,1fr)] sm:items-end sm:gap-8">
      <CoverImage
        kind={kind}
        id={id}
        coverPhotoFilename={coverPhotoFilename}
        size={288}
        sizes="(min-width: 640px) 288px, 240px"
        eager
        className="mx-auto aspect-square w-60 rounded-xl shadow-md sm:mx-0 sm:w-72"
      />
      <div className="min-w-0 space-y-4 text-center sm:text-left">
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{t(kind === 'track' ? 'item.track' : 'item.album')}</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-4xl">{name}</h1>
          <p className="text-lg text-muted-foreground">{artistName}</p>
        </div>
        {children}
      </div>
    </Element>
  );
}
