import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlbumDetail } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';
import { trackKeys } from '@/lib/catalog-queries';

/** GET /api/album-detail/{albumId} (spec section 7): the album, its tracks in album order, its artist. */
export const albumDetailQueryKey = (albumId: string) => [...trackKeys.albumDetail, encodeURIComponent(albumId)] as const;

export const albumDetailQuery = (albumId: string) =>
  queryOptions({
    queryKey: albumDetailQueryKey(albumId),
    queryFn: ({ queryKey, signal }) => apiJson<AlbumDetail>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export const useAlbumDetail = (albumId: string) => useQuery(albumDetailQuery(albumId));

