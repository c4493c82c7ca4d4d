import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AlbumDetail } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';

/** GET /api/album-detail/{albumId} (spec section 7): the album, its tracks in album order, its artist. */
export const albumDetailQueryKey = (albumId: string) => ['/api/album-detail', encodeURIComponent(albumId)] as const;

export const albumDetailQuery = (albumId: string) =>
  queryOptions({
    queryKey: albumDetailQueryKey(albumId),
    queryFn: ({ queryKey, signal }) => apiJson<AlbumDetail>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export const useAlbumDetail = (albumId: string) => useQuery(albumDetailQuery(albumId));

/** A play was counted: every cached album page listing the track shows its new stream count. */
export function showAlbumStreamCount(queryClient: QueryClient, trackId: string, streamCount: number) {
  queryClient.setQueriesData<AlbumDetail>({ queryKey: ['/api/album-detail'] }, (detail) =>
    detail?.tracks?.some((track) => track.id === trackId)
      ? { ...detail, tracks: detail.tracks.map((track) => (track.id === trackId ? { ...track, streamCount } : track)) }
      : detail,
  );
}
