import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';
import { trackKeys } from '@/lib/catalog-queries';

/**
 * GET /api/profile/{identifier} (spec section 7): the artist, their tracks (newest first), albums
 * with their tracks, and social links. The query key is the API address (urlFromQueryKey), so the
 * server-side renderer can fill the same key before the page renders.
 */
export const profileQueryKey = (identifier: string) => [...trackKeys.profile, encodeURIComponent(identifier)] as const;

export const profileQuery = (identifier: string) =>
  queryOptions({
    queryKey: profileQueryKey(identifier),
    queryFn: ({ queryKey, signal }) => apiJson<ProfileResponse>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export const useProfile = (identifier: string) => useQuery(profileQuery(identifier));

