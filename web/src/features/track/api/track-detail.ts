import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackDetail } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';
import { trackKeys } from '@/lib/catalog-queries';

/** GET /api/track-detail/{trackId} (spec section 7): the track and its artist. The key is the API address. */
export const trackDetailQueryKey = (trackId: string) => [...trackKeys.trackDetail, encodeURIComponent(trackId)] as const;

export const trackDetailQuery = (trackId: string) =>
  queryOptions({
    queryKey: trackDetailQueryKey(trackId),
    queryFn: ({ queryKey, signal }) => apiJson<TrackDetail>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export const useTrackDetail = (trackId: string) => useQuery(trackDetailQuery(trackId));

