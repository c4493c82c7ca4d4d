import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';

/**
 * GET /api/profile/{identifier} (spec section 7): the artist, their tracks (newest first), albums
 * with their tracks, and social links. The query key is the API address (urlFromQueryKey), so the
 * server-side renderer can fill the same key before the page renders.
 */
export const profileQueryKey = (identifier: string) => ['/api/profile', encodeURIComponent(identifier)] as const;

export const profileQuery = (identifier: string) =>
  queryOptions({
    queryKey: profileQueryKey(identifier),
    queryFn: ({ queryKey, signal }) => apiJson<ProfileResponse>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export const useProfile = (identifier: string) => useQuery(profileQuery(identifier));

/** A play was counted: every cached profile shows the track's new stream count. */
export function showProfileStreamCount(queryClient: QueryClient, trackId: string, streamCount: number) {
  queryClient.setQueriesData<ProfileResponse>({ queryKey: ['/api/profile'] }, (profile) => {
    if (!profile?.tracks) return profile;
    const update = <T extends { id: string; streamCount: number }>(track: T): T => (track.id === trackId ? { ...track, streamCount } : track);
    return {
      ...profile,
      tracks: profile.tracks.map(update),
      albums: profile.albums.map((album) => ({ ...album, tracks: album.tracks.map(update) })),
    };
  });
}
