import type { ReactNode } from 'react';
import { DiscAlbumIcon, MusicIcon, TriangleAlertIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/**
 * The track or album page's states (spec section 8): its skeleton while loading, 'Track Error' /
 * 'Album Error' when it could not be loaded, 'Track Not Found' / 'Album Not Found' for a 404 or an
 * empty answer, else the page itself; the document title follows.
 */
export function CatalogItemPage<D, I>({
  kind,
  query: { data, error, isPending },
  itemOf,
  titleOf,
  skeleton,
  children,
}: {
  kind: 'Track' | 'Album';
  query: { data: D | undefined; error: unknown; isPending: boolean };
  itemOf: (data: D) => I | null | undefined;
  titleOf: (item: I) => string;
  skeleton: ReactNode;
  children: (data: D) => ReactNode;
}) {
  const item = data ? itemOf(data) : undefined;
  const notFound = hasErrorCode(error, 'track.not-found', 'album.not-found', 'not-found') || (!isPending && !error && !item);
  const { t } = useI18n();
  const texts =
    kind === 'Track'
      ? { notFound: t('item.trackNotFound'), notFoundText: t('item.trackNotFoundDescription'), error: t('item.trackError'), errorText: t('item.trackErrorDescription') }
      : { notFound: t('item.albumNotFound'), notFoundText: t('item.albumNotFoundDescription'), error: t('item.albumError'), errorText: t('item.albumErrorDescription') };
  useDocumentTitle(item ? titleOf(item) : notFound ? texts.notFound : error ? texts.error : undefined);

  if (isPending) return skeleton;
  if (error && !notFound) {
    return <StatusCard icon={<TriangleAlertIcon />} title={texts.error} description={texts.errorText} />;
  }
  if (notFound || !data || !item) {
    const icon = kind === 'Track' ? <MusicIcon /> : <DiscAlbumIcon />;
    return <StatusCard icon={icon} title={texts.notFound} description={texts.notFoundText} />;
  }
  return children(data);
}

/**
 * A track or album page while it loads: the back link, the large cover and the lines beside it,
 * at their final sizes (nothing moves when the page arrives), with `label` said to screen readers.
 */
export function ItemPageSkeleton({
  label,
  testId,
  actionsClassName,
  children,
}: {
  label: string;
  testId: string;
  /** The height of the actions' row under the name (the track page's is taller). */
  actionsClassName: string;
  /** What stands under the hero (the album's song list). */
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-4 pb-12 sm:px-6 sm:pt-8" aria-busy="true" data-testid={testId}>
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className="h-10 w-40" />
      <div className="mt-3 grid gap-6 sm:mt-5 sm:grid-cols-[18rem_minmax(0,1fr)] sm:items-end sm:gap-8">
        <Skeleton className="mx-auto aspect-square w-60 rounded-xl sm:mx-0 sm:w-72" />
        <div className="grid justify-items-center gap-3 sm:justify-items-start">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-6 w-32" />
          <Skeleton className={actionsClassName} />
        </div>
      </div>
      {children}
    </div>
  );
}
