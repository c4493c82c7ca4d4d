import type { tracks } from '../db/schema';

/** What a track row must carry for the fields below: these columns of the tracks table. */
export type TrackFieldsRow = Pick<
  typeof tracks.$inferSelect,
  'id' | 'userId' | 'trackName' | 'artistName' | 'fileSize' | 'mimeType' | 'duration' | 'downloadCount' | 'uploadedAt' | 'albumId' | 'price'
>;

/**
 * The fields a track is answered with alike to its artist (catalog's Track) and to everyone
 * (public pages' PublicTrack), spec section 3; each adds its own. The cover's file name comes
 * from the media module, which this shared layer does not import.
 */
export function trackFields(row: TrackFieldsRow, coverPhotoFilename: string | null) {
  return {
    id: row.id,
    userId: row.userId,
    trackName: row.trackName,
    artistName: row.artistName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    duration: row.duration,
    downloadCount: row.downloadCount,
    uploadedAt: row.uploadedAt.toISOString(),
    coverPhotoFilename,
    albumId: row.albumId,
    price: row.price,
  };
}
