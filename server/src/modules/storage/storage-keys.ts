import { randomUUID } from 'node:crypto';

/**
 * Every object key the server writes. Keys are made of ids the server generated: a client's file
 * name never reaches a key (nor a path on disk).
 *
 *   audio/<userId>/<audioId>.<ext>                     an uploaded original
 *   renditions/<trackId>/<audioId>-<kind>.m4a          made from that original by the media job
 *   renditions/<trackId>/<audioId>-download-<fp>.<ext> a tagged MP3 or FLAC of it for downloading
 *   covers/<userId>/<coverId>/original.<png|jpg>       a 3000x3000 cover as uploaded
 *   covers/<userId>/<coverId>/<size>.<webp|jpg>        its thumbnails
 *   uploads/<uploadId>/<start>                         a piece of a resumable upload, from byte `start`
 *                                                      (gone once a track took the file, or it expired)
 */
export const storageKeys = {
  audio(userId: string, extension: string): string {
    return `audio/${userId}/${randomUUID()}.${extension}`;
  },
  /** Deterministic, so a job that runs twice overwrites its own output instead of leaving a copy behind. */
  rendition(trackId: string, audioKey: string, kind: string): string {
    const audioId = audioKey.slice(audioKey.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
    return `renditions/${trackId}/${audioId}-${kind.replace(/_/g, '-')}.m4a`;
  },
  /**
   * A download format made from that original, tagged: the fingerprint of its tags and cover is in
   * the key, so a renamed song gets a new file and a key's content never changes.
   */
  downloadFormat(trackId: string, audioKey: string, fingerprint: string, extension: string): string {
    const audioId = audioKey.slice(audioKey.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
    return `renditions/${trackId}/${audioId}-download-${fingerprint}.${extension}`;
  },
  renditionsPrefix(trackId: string): string {
    return `renditions/${trackId}/`;
  },
  coverOriginal(userId: string, coverId: string, extension: 'png' | 'jpg'): string {
    return `covers/${userId}/${coverId}/original.${extension}`;
  },
  coverVariant(originalKey: string, variant: string): string {
    return `${originalKey.slice(0, originalKey.lastIndexOf('/'))}/${variant}`;
  },
  coverPrefix(originalKey: string): string {
    return originalKey.slice(0, originalKey.lastIndexOf('/') + 1);
  },
  /** Zero-padded, so the keys of one upload list in the order of their bytes. */
  uploadSegment(uploadId: string, start: number): string {
    return `uploads/${uploadId}/${String(start).padStart(12, '0')}`;
  },
  uploadPrefix(uploadId: string): string {
    return `uploads/${uploadId}/`;
  },
};
