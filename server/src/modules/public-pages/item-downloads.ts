import { downloadOptionsFor, type DownloadOption } from '#common/schemas/playback';
import type { Db } from '../../db/client';
import { findAlbum, findTrack, listAlbumTracks, madeDownloadSizes } from './public-pages.repo';

/** A track or album as a receipt names it, with the formats it can be downloaded in and their sizes. */
export interface ItemDownloads {
  name: string;
  artist: string;
  /** The original's type (a track's, or an album's when every song has the same one). */
  mimeType: string | null;
  songs: { id: string; name: string; duration: number }[];
  downloads: DownloadOption[];
}

/**
 * The item's current name, artist, songs (an album's, in album order) and `downloads`, as the
 * track and album details list them (issue 16). Undefined when the item is gone.
 */
export async function itemDownloads(db: Db, item: { type: 'track' | 'album'; id: string }): Promise<ItemDownloads | undefined> {
  if (item.type === 'track') {
    const found = await findTrack(db, item.id);
    if (!found) return undefined;
    const made = await madeDownloadSizes(db, [found.track.id]);
    return {
      name: found.track.trackName,
      artist: found.track.artistName,
      mimeType: found.track.mimeType,
      songs: [],
      downloads: downloadOptionsFor('track', [{ ...found.track, made: made.get(found.track.id) ?? {} }]),
    };
  }
  const found = await findAlbum(db, item.id);
  if (!found) return undefined;
  const tracks = await listAlbumTracks(db, [found.album.id]);
  const made = await madeDownloadSizes(db, tracks.map((track) => track.id));
  const types = new Set(tracks.map((track) => track.mimeType));
  return {
    name: found.album.albumName,
    artist: found.artist.displayName,
    mimeType: types.size === 1 ? [...types][0]! : null,
    songs: tracks.map((track) => ({ id: track.id, name: track.trackName, duration: track.duration })),
    downloads: downloadOptionsFor(
      'album',
      tracks.map((track) => ({ ...track, made: made.get(track.id) ?? {} })),
      found.album.coverByteSize ?? 0,
    ),
  };
}
