import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Album, PurchaseItem, StorageUse, Track } from '#common/schemas/catalog/responses';
import { apiJson, apiRequest } from '@/lib/api';
import { artistAlbumsQuery, artistTracksQuery } from '@/lib/catalog-queries';
import { RESUMABLE_FROM_BYTES, uploadResumable } from '@/lib/resumable-upload';
import { percentOf, uploadForm, type UploadOptions } from '@/lib/upload';
import { uploadTrackFormData, type UploadTrackValues } from '../lib/catalog-forms';

/** The artist's own catalogue (spec section 7, Tracks and Albums). */

export const tracksQuery = artistTracksQuery;
export const albumsQuery = artistAlbumsQuery;
export const tracksQueryKey = tracksQuery.queryKey;
export const albumsQueryKey = albumsQuery.queryKey;

/** What the artist stores against the quota, as the server counts it (audio and covers). */
export const storageQuery = queryOptions({
  queryKey: ['/api/storage'] as const,
  queryFn: ({ signal }) => apiJson<StorageUse>('GET', '/api/storage', undefined, { signal }),
});


const trackUrl = (id: string) => `/api/tracks/${encodeURIComponent(id)}`;
const albumUrl = (id: string) => `/api/albums/${encodeURIComponent(id)}`;

export function createTrack(form: FormData, options?: UploadOptions): Promise<Track> {
  return uploadForm<Track>('POST', '/api/tracks', form, options);
}

/**
 * Upload New Track. A large audio file goes first as a resumable upload (lib/resumable-upload.ts:
 * a dropped connection costs only the bytes in flight), then the form names it (`audioUploadId`)
 * with the fields and the cover; a small one goes in the form itself. Progress counts the audio
 * and the form together, and never goes backwards (a resumed upload re-sends what the server had
 * not received yet).
 */
export async function uploadTrack(values: UploadTrackValues, options: UploadOptions = {}): Promise<Track> {
  const audio = values.audioFile;
  if (!(audio instanceof File) || audio.size < RESUMABLE_FROM_BYTES) return createTrack(uploadTrackFormData(values), options);
  const { onProgress, signal, onConnection } = options;
  const coverBytes = values.coverPhoto instanceof Blob ? values.coverPhoto.size : 0;
  let shown = 0;
  const report = (loaded: number, total: number) => {
    shown = Math.max(shown, loaded);
    onProgress?.({ loaded: shown, total, percent: percentOf(shown, total) });
  };
  const sent = await uploadResumable(audio, { signal, onConnection, onProgress: (bytes) => report(bytes, audio.size + coverBytes) });
  const track = await createTrack(uploadTrackFormData(values, { audioUploadId: sent.uploadId }), {
    signal,
    onProgress: ({ loaded, total }) => report(audio.size + loaded, audio.size + total),
  });
  await sent.forget();
  return track;
}

export function updateTrack(id: string, form: FormData, options?: UploadOptions): Promise<Track> {
  return uploadForm<Track>('PATCH', trackUrl(id), form, options);
}

export async function deleteTrack(id: string): Promise<void> {
  await apiRequest('DELETE', trackUrl(id));
}

/** GET /api/purchases/track/{id}: a non-empty list means the track has been sold. */
export function trackPurchases(id: string): Promise<PurchaseItem[]> {
  return apiJson<PurchaseItem[]>('GET', `/api/purchases/track/${encodeURIComponent(id)}`);
}

export function createAlbum(form: FormData, options?: UploadOptions): Promise<Album> {
  return uploadForm<Album>('POST', '/api/albums', form, options);
}

export function updateAlbum(id: string, form: FormData, options?: UploadOptions): Promise<Album> {
  return uploadForm<Album>('PATCH', albumUrl(id), form, options);
}

export async function deleteAlbum(id: string): Promise<void> {
  await apiRequest('DELETE', albumUrl(id));
}

/**
 * Tracks and albums show each other (album rows list their songs, songs name their album), and
 * every change of either can change the storage used.
 */
export function refreshCatalog(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tracksQueryKey }),
    queryClient.invalidateQueries({ queryKey: albumsQueryKey }),
    queryClient.invalidateQueries({ queryKey: storageQuery.queryKey }),
  ]).then(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Track edit: optimistic, rolled back on error (spec section 4)
// ---------------------------------------------------------------------------------------------

/** The fields an edit changes at once on screen (a new cover shows when the server has it). */
export type TrackEditPatch = Pick<Track, 'trackName' | 'artistName' | 'price' | 'payMore' | 'suggestedPrice' | 'allowFullPlayback' | 'genre' | 'tags'> &
  Partial<Pick<Track, 'coverPhotoFilename'>>;

export interface TrackEditVariables {
  track: Track;
  patch: TrackEditPatch;
  form: FormData;
}

interface TrackEditContext {
  previous: Track;
}

/** `tracks` with the track `id` replaced by `replace(track)`; the same list when it is absent. */
export function replaceTrack<T extends Track>(tracks: readonly T[] | undefined, id: string, replace: (track: T) => T): T[] | undefined {
  if (!tracks) return undefined;
  return tracks.map((track) => (track.id === id ? replace(track) : track));
}

/** Puts a track's new state into both cached lists (the Songs list and the albums' song lists). */
export function writeTrack(queryClient: QueryClient, id: string, replace: (track: Track) => Track) {
  queryClient.setQueryData<Track[]>(tracksQueryKey, (tracks) => replaceTrack(tracks, id, replace));
  queryClient.setQueryData<Album[]>(albumsQueryKey, (albums) =>
    albums?.map((album) => (album.tracks.some((track) => track.id === id) ? { ...album, tracks: replaceTrack(album.tracks, id, replace)! } : album)),
  );
}

export interface TrackEditCallbacks {
  onSaved?: (track: Track) => void;
  onFailed?: (error: Error, track: Track) => void;
}

/**
 * PATCH /api/tracks/{id}. The change shows in the lists before the server answers; on an error
 * the track goes back to what it was (only that track: other edits made meanwhile stay). The
 * callbacks belong to the mutation, so they run even when the dialog that started it has closed.
 */
export function useUpdateTrack({ onSaved, onFailed }: TrackEditCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation<Track, Error, TrackEditVariables, TrackEditContext>({
    mutationKey: ['update-track'],
    mutationFn: ({ track, form }) => updateTrack(track.id, form),
    onMutate: async ({ track, patch }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: tracksQueryKey }),
        queryClient.cancelQueries({ queryKey: albumsQueryKey }),
      ]);
      writeTrack(queryClient, track.id, (current) => ({ ...current, ...patch }));
      return { previous: track };
    },
    onError: (error, { track }, context) => {
      const previous = context?.previous ?? track;
      writeTrack(queryClient, track.id, () => previous);
      onFailed?.(error, previous);
    },
    onSuccess: (saved) => {
      writeTrack(queryClient, saved.id, () => saved);
      onSaved?.(saved);
    },
    onSettled: () => refreshCatalog(queryClient),
  });
}

export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (track: Track) => deleteTrack(track.id),
    onSuccess: (_result, track) => {
      queryClient.setQueryData<Track[]>(tracksQueryKey, (tracks) => tracks?.filter((candidate) => candidate.id !== track.id));
      queryClient.setQueryData<Album[]>(albumsQueryKey, (albums) =>
        albums?.map((album) => ({ ...album, tracks: album.tracks.filter((candidate) => candidate.id !== track.id) })),
      );
      return refreshCatalog(queryClient);
    },
  });
}

export function useDeleteAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (album: Album) => deleteAlbum(album.id),
    onSuccess: (_result, album) => {
      queryClient.setQueryData<Album[]>(albumsQueryKey, (albums) => albums?.filter((candidate) => candidate.id !== album.id));
      return refreshCatalog(queryClient);
    },
  });
}
