import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TrackDetail } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';

/** GET /api/track-detail/{trackId} (spec section 7): the track and its artist. The key is the API address. */
export const trackDetailQueryKey = (trackId: string) => ['/api/track-detail', encodeURIComponent(trackId)] as const;

export const trackDetailQuery = (trackId: string) =>
  queryOptions({
    queryKey: trackDetailQueryKey(trackId),
    queryFn: ({ queryKey, signal }) => apiJson<TrackDetail>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export const useTrackDetail = (trackId: string) => useQuery(trackDetailQuery(trackId));

/** A play was counted: the track's page shows the new stream count. */
export function showTrackDetailStreamCount(queryClient: QueryClient, trackId: string, streamCount: number) {
  queryClient.setQueryData<TrackDetail>(trackDetailQueryKey(trackId), (detail) =>
    detail?.track ? { ...detail, track: { ...detail.track, streamCount } } : detail,
  );
}
