import type { ReactNode } from 'react';
import { DiscAlbumIcon, MusicIcon, TriangleAlertIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
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
