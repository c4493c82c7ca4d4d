import type { Album, Track } from '#common/schemas/catalog/responses';
import type { AlbumListRow } from './albums.repo';
import { coverFileName } from '../media';
import { trackFields } from '../../lib/track-fields';
import type { TrackListRow } from './tracks.repo';

/** A track as the API answers it (spec section 3). */
export function toTrack(row: TrackListRow): Track {
  return {
    ...trackFields(row, coverFileName(row.coverId, row.coverMimeType)),
    originalName: row.originalName,
    payMore: row.payMore,
    suggestedPrice: row.suggestedPrice,
    allowFullPlayback: row.allowFullPlayback,
    genre: row.genre,
    tags: row.tags,
    streamCount: row.streamCount,
    streamReady: row.streamReady,
  };
}

/** An album with its tracks in album order (spec section 3). */
export function toAlbum(row: AlbumListRow, tracks: TrackListRow[]): Album {
  return {
    id: row.id,
    userId: row.userId,
    albumName: row.albumName,
    artistName: row.artistName,
    coverPhotoFilename: coverFileName(row.coverId, row.coverMimeType),
    price: row.price,
    payMore: row.payMore,
    suggestedPrice: row.suggestedPrice,
    genre: row.genre,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    tracks: tracks.filter((track) => track.albumId === row.id).map(toTrack),
  };
}
