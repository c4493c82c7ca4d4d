import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GenreTracksResponse, SearchResponse } from '#common/schemas/search';
import { apiJson, urlFromQueryKey } from '@/lib/api';

/** Results the header's box shows per list, and the search page. */
export const SEARCH_BOX_LIMIT = 4;
export const SEARCH_PAGE_LIMIT = 20;
/** Under this many characters the server answers nothing: no need to ask. */
export const SEARCH_MIN_CHARACTERS = 2;

/** GET /api/search?q=&limit= (issue 17). The key is the API address. */
export const searchQueryKey = (q: string, limit: number) => ['/api/search', { q, limit }] as const;

export const searchQuery = (q: string, limit: number) =>
  queryOptions({
    queryKey: searchQueryKey(q, limit),
    // The signal aborts a request whose answer nobody waits for any more (an older query as one types).
    queryFn: ({ queryKey, signal }) => apiJson<SearchResponse>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
    staleTime: 30_000,
  });

/** While the next answer is on its way, the previous one stays on screen (no flicker as one types). */
export const useSearchResults = (q: string, limit: number) =>
  useQuery({ ...searchQuery(q, limit), enabled: q.trim().length >= SEARCH_MIN_CHARACTERS, placeholderData: keepPreviousData });

/** GET /api/genres/{slug}/tracks: the first page (rendered on the server); the next ones with moreGenreTracks. */
export const genreTracksQueryKey = (slug: string) => ['/api/genres', encodeURIComponent(slug), 'tracks'] as const;

export const useGenreTracks = (slug: string) =>
  useQuery({
    queryKey: genreTracksQueryKey(slug),
    queryFn: ({ queryKey, signal }) => apiJson<GenreTracksResponse>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
  });

export function moreGenreTracks(slug: string, cursor: string): Promise<GenreTracksResponse> {
  return apiJson<GenreTracksResponse>('GET', urlFromQueryKey([...genreTracksQueryKey(slug), { cursor }]));
}
