import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { apiJson } from './api';

/**
 * The query keys that hold tracks, as shared prefixes. A key is the API address it reads
 * (urlFromQueryKey), so the server-side renderer fills the same key; each feature builds its keys
 * from these prefixes, and a change to one track (its figures) is patched in every feature's cache
 * by prefix (showTrackFigures), never by a patcher per feature.
 */
export const trackKeys = {
  /** The public profile: its tracks and its albums' tracks. */
  profile: ['/api/profile'],
  /** A track's public page. */
  trackDetail: ['/api/track-detail'],
  /** An album's public page: its tracks. */
  albumDetail: ['/api/album-detail'],
  /** The signed-in artist's own songs (My Music, the Codes section). */
  tracks: ['/api/tracks'],
  /** The signed-in artist's own albums. */
  albums: ['/api/albums'],
} as const satisfies Record<string, QueryKey>;

/** The artist's own songs (spec section 7, Tracks): My Music lists them, the Codes section chooses from them. */
export const artistTracksQuery = queryOptions({
  queryKey: trackKeys.tracks,
  queryFn: ({ signal }) => apiJson<Track[]>('GET', '/api/tracks', undefined, { signal }),
});

/** The artist's own albums (spec section 7, Albums). */
export const artistAlbumsQuery = queryOptions({
  queryKey: trackKeys.albums,
  queryFn: ({ signal }) => apiJson<Album[]>('GET', '/api/albums', undefined, { signal }),
});

/** A track's figures the server answers as they change (POST /api/tracks/{id}/stream answers the count). */
export interface TrackFigures {
  streamCount: number;
}

/** The caches a counted play shows in at once: every list or page that shows a stream count. */
const FIGURE_PREFIXES: readonly QueryKey[] = [trackKeys.profile, trackKeys.trackDetail, trackKeys.albumDetail, trackKeys.tracks];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * `data` with the track `trackId` given `figures` wherever it stands (a list, an album's list, a
 * page's `track`): any object with that id that carries the figures. What does not change keeps its
 * identity, so a cache the track is not in is left as it was (and nothing re-renders).
 */
export function withTrackFigures<T>(data: T, trackId: string, figures: TrackFigures): T {
  if (Array.isArray(data)) {
    let changed = false;
    const items = data.map((item: unknown) => {
      const next = withTrackFigures(item, trackId, figures);
      changed ||= next !== item;
      return next;
    });
    return (changed ? items : data) as T;
  }
  if (!isObject(data)) return data;
  if (data.id === trackId && 'streamCount' in data) return { ...data, ...figures };
  let next: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(data)) {
    if (!isObject(value)) continue;
    const patched = withTrackFigures(value, trackId, figures);
    if (patched !== value) (next ??= { ...data })[key] = patched;
  }
  return (next ?? data) as T;
}

/** A play was counted: every cached page and list that shows the track shows its new figures. */
export function showTrackFigures(queryClient: QueryClient, trackId: string, figures: TrackFigures): void {
  for (const queryKey of FIGURE_PREFIXES) {
    queryClient.setQueriesData<unknown>({ queryKey }, (data: unknown) => (data === undefined ? data : withTrackFigures(data, trackId, figures)));
  }
}
