import { queryOptions, useQuery, type QueryFunction } from '@tanstack/react-query';
import type { FeaturedArtist, FeaturedTrackEntry, NewRelease } from '#common/schemas/public';
import { apiJson, urlFromQueryKey } from '@/lib/api';

export type { FeaturedArtist, FeaturedTrackEntry, NewRelease, PublicAlbumSummary, PublicTrack } from '#common/schemas/public';

/** Spec section 9: 12 featured tracks, 10 featured artists, 12 editor's picks. */
export const FEATURED_TRACKS_LIMIT = 12;
export const FEATURED_ARTISTS_LIMIT = 10;
export const EDITORS_PICKS_LIMIT = 12;
/** Issue 17: the newest releases, after the spec's three carousels. (A literal: importing the schemas' value would bring zod into the landing page's scripts.) */
export const NEW_RELEASES_LIMIT = 12;

/** Spec section 9: carousel data is fresh for 5 minutes and kept for 10. */
export const CAROUSEL_STALE_TIME_MS = 5 * 60 * 1000;
export const CAROUSEL_GC_TIME_MS = 10 * 60 * 1000;

/** GETs a list; any failure becomes the spec's "Failed to fetch ..." error (section 8). */
function listQueryFn<T>(failureMessage: string): QueryFunction<T[]> {
  return async ({ queryKey, signal }) => {
    let body: unknown;
    try {
      body = await apiJson<unknown>('GET', urlFromQueryKey(queryKey), undefined, { signal });
    } catch (error) {
      throw new Error(failureMessage, { cause: error });
    }
    if (!Array.isArray(body)) throw new Error(failureMessage);
    return body as T[];
  };
}

/** A carousel's list: GET `path`?limit=, the spec's failure text, fresh for 5 minutes and kept for 10. */
function carouselQuery<T>(path: string, limit: number, failureMessage: string) {
  return queryOptions({
    queryKey: [path, { limit }] as const,
    queryFn: listQueryFn<T>(failureMessage),
    staleTime: CAROUSEL_STALE_TIME_MS,
    gcTime: CAROUSEL_GC_TIME_MS,
  });
}

export const featuredTracksQuery = carouselQuery<FeaturedTrackEntry>('/api/featured-tracks', FEATURED_TRACKS_LIMIT, 'Failed to fetch featured tracks');
export const featuredArtistsQuery = carouselQuery<FeaturedArtist>('/api/featured-artists', FEATURED_ARTISTS_LIMIT, 'Failed to fetch featured artists');
export const editorsPicksQuery = carouselQuery<FeaturedTrackEntry>('/api/editors-picks', EDITORS_PICKS_LIMIT, "Failed to fetch editor's picks");
export const newReleasesQuery = carouselQuery<NewRelease>('/api/new-releases', NEW_RELEASES_LIMIT, 'Failed to fetch new releases');

export const useFeaturedTracks = () => useQuery(featuredTracksQuery);
export const useNewReleases = () => useQuery(newReleasesQuery);
export const useFeaturedArtists = () => useQuery(featuredArtistsQuery);
export const useEditorsPicks = () => useQuery(editorsPicksQuery);
