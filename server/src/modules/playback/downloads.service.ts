import { createHash } from 'node:crypto';
import { formatPrice } from '#common/money';
import { albumIsFree } from '#common/payments';
import { isLosslessAudio, type DownloadFormat } from '#common/schemas/playback';
import { AppError } from '../../lib/errors';
import { albumEntryNames, attachmentDisposition, extensionFor, safeFileName } from './download-names';
import { streamZip, type StreamedZip, type ZipEntrySource } from './download-zip';
import { countDownloads, findDownloadableAlbum, findDownloadableTrack, type DownloadableAlbum, type DownloadableTrack } from './downloads.repo';
import type { PurchasableItem } from '../../lib/purchase-grants';
import { MADE_FORMATS, type MadeFormat, type RenditionRecord } from '../media';
import type { PlaybackContext } from './playback-context';
import type { ServedFile } from './streams.service';

/** Strong validator of a stored object: keys are never reused for other content. */
const etagOf = (key: string, size: number) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}-${size.toString(36)}"`;

/** Who asks: looked up only when it matters (a priced item, or a download being counted). */
export type ViewerId = () => Promise<string | undefined>;

/** Whether the asker has bought this item (their proof of purchase: cookie or e-mailed link). */
export type Bought = (item: PurchasableItem) => Promise<boolean>;

export interface TrackDownload {
  /** The original as uploaded, with its Content-Disposition. */
  file: ServedFile & { headers: Record<string, string> };
  trackId: string;
  ownerId: string;
}

export interface AlbumDownload {
  albumId: string;
  ownerId: string;
  trackIds: string[];
  /** "<album name>.zip", for Content-Disposition. */
  fileName: string;
  entries: ZipEntrySource[];
}

/** "This track costs KES 50.00. Buy it to download it." and the like. */
function purchaseRequired(message: string, price: number): AppError {
  return new AppError('download.purchase-required', message, { price });
}

/**
 * GET /api/tracks/{id}/download and GET /api/albums/{id}/download (docs/decisions/027).
 * Free means free (DESIGN.md): a free track's original, or a free album's originals in a ZIP, to
 * anyone, whatever its streaming allows. A priced one answers 402 to everyone but its owner and
 * its buyers (proof of purchase: the buying browser's cookie or the e-mailed link, never an e-mail
 * typed into a URL; buying an album grants its tracks).
 * An album is free when its price is 0 and every track on it is free: otherwise it would hand
 * out a priced track for nothing.
 * Counting: one per download started (tracks.download_count and a track_downloads row; an album
 * counts each of its tracks), never the owner's own. The artist's cached track list learns of it
 * through track.downloaded. The routes check the ids' shape (checkedId) before asking.
 */
export class DownloadsService {
  constructor(private readonly context: PlaybackContext) {}

  async track(trackId: string, viewerId: ViewerId, bought: Bought, format: DownloadFormat = 'original'): Promise<TrackDownload> {
    const track = await findDownloadableTrack(this.context.db(), trackId);
    if (!track) throw new AppError('track.not-found');
    // Taken down (decision 058): its buyers keep what they paid for; to anyone else it is gone.
    if (track.takenDown && (await viewerId()) !== track.userId && !(await bought({ type: 'track', id: track.id, albumId: track.albumId }))) {
      throw new AppError('track.not-found');
    }
    if (
      track.price > 0 &&
      (await viewerId()) !== track.userId &&
      !(await bought({ type: 'track', id: track.id, albumId: track.albumId }))
    ) {
      throw purchaseRequired(`This track costs ${formatPrice(track.price)}. Buy it to download it.`, track.price);
    }
    if (format !== 'original') {
      if (format === 'flac' && !isLosslessAudio(track.mimeType)) throw new AppError('download.format-unavailable');
      const made = await this.made(track.id, format);
      const fileName = safeFileName(track.trackName, MADE_FORMATS[format].extension, 'Track');
      return {
        file: {
          key: made.storageKey,
          size: made.byteSize,
          contentType: made.mimeType,
          etag: etagOf(made.storageKey, made.byteSize),
          lastModified: made.createdAt,
          headers: { 'content-disposition': attachmentDisposition(fileName) },
        },
        trackId: track.id,
        ownerId: track.userId,
      };
    }
    const fileName = safeFileName(track.trackName, extensionFor(track.mimeType, track.audioKey), 'Track');
    return {
      file: {
        key: track.audioKey,
        size: track.fileSize,
        contentType: track.mimeType,
        etag: etagOf(track.audioKey, track.fileSize),
        lastModified: track.uploadedAt,
        headers: { 'content-disposition': attachmentDisposition(fileName) },
      },
      trackId: track.id,
      ownerId: track.userId,
    };
  }

  /** A made format (MP3, FLAC): kept once made; a failure to make it is ours, said plainly. */
  private async made(trackId: string, format: MadeFormat): Promise<RenditionRecord> {
    let record: RenditionRecord | undefined;
    try {
      record = await this.context.work.ensureDownloadFormat(trackId, format);
    } catch (error) {
      this.context.log.error({ err: error, trackId, format }, 'could not make a download format');
      throw new AppError('download.format-failed');
    }
    if (!record) throw new AppError('track.not-found');
    return record;
  }

  async album(albumId: string, viewerId: ViewerId, bought: Bought, format: DownloadFormat = 'original'): Promise<AlbumDownload> {
    const found = await findDownloadableAlbum(this.context.db(), albumId);
    if (!found) throw new AppError('album.not-found');
    const album = await this.withoutTakenDown(found, viewerId, bought);
    if (album.tracks.length === 0) throw new AppError('album.not-found', 'This album has no songs to download.');
    const refusal = albumPriceRefusal(album);
    if (refusal && (await viewerId()) !== album.userId && !(await boughtAll(album, bought))) throw refusal;

    if (format === 'flac' && !album.tracks.every((track) => isLosslessAudio(track.mimeType))) throw new AppError('download.format-unavailable');

    // Every file's size goes into the ZIP's header: made formats are made (or found) first.
    const files: { key: string; size: number; mtime: Date; extension: string }[] = [];
    for (const track of album.tracks) {
      if (format === 'original') {
        files.push({ key: track.audioKey, size: track.fileSize, mtime: track.uploadedAt, extension: extensionFor(track.mimeType, track.audioKey) });
      } else {
        const made = await this.made(track.id, format);
        files.push({ key: made.storageKey, size: made.byteSize, mtime: made.createdAt, extension: MADE_FORMATS[format].extension });
      }
    }
    const cover = album.cover;
    const coverName = cover ? `cover.${extensionFor(cover.mimeType, cover.originalKey)}` : undefined;
    const names = albumEntryNames(
      album.tracks.map((track, index) => ({ title: track.trackName, extension: files[index]!.extension })),
      coverName ? [coverName] : [],
    );
    const entries: ZipEntrySource[] = files.map((file, index) => ({ name: names[index]!, key: file.key, size: file.size, mtime: file.mtime }));
    if (cover && coverName) entries.push({ name: coverName, key: cover.originalKey, size: cover.byteSize, mtime: cover.createdAt });
    return {
      albumId: album.id,
      ownerId: album.userId,
      trackIds: album.tracks.map((track) => track.id),
      fileName: safeFileName(album.albumName, 'zip', 'Album'),
      entries,
    };
  }

  /**
   * Taken down (decision 058): an album (or its artist's) downloads only for its owner and its
   * buyers; a song taken down alone leaves the ZIP of anyone who did not buy it or the album.
   */
  private async withoutTakenDown(album: DownloadableAlbum, viewerId: ViewerId, bought: Bought): Promise<DownloadableAlbum> {
    if (!album.takenDown && !album.tracks.some((track) => track.takenDown)) return album;
    if ((await viewerId()) === album.userId || (await bought({ type: 'album', id: album.id }))) return album;
    if (album.takenDown) throw new AppError('album.not-found');
    const tracks: DownloadableTrack[] = [];
    for (const track of album.tracks) if (!track.takenDown || (await bought({ type: 'track', id: track.id, albumId: album.id }))) tracks.push(track);
    return { ...album, tracks };
  }

  /** The ZIP's bytes, read from storage as they are sent. */
  zip(download: AlbumDownload): StreamedZip {
    return streamZip(this.context.storage, download.entries);
  }

  /**
   * Counts a download that started (a track, or every track of an album), unless the owner asks
   * for their own; then tells the artist's cached list (track.downloaded, after the commit).
   */
  async count(download: { ownerId: string; trackIds: string[]; albumId: string | null }, viewerId: ViewerId): Promise<boolean> {
    if ((await viewerId()) === download.ownerId) return false;
    const counted = await countDownloads(this.context.db(), download.trackIds, download.albumId);
    for (const track of counted) this.context.events.emit('track.downloaded', { trackId: track.id, userId: track.userId });
    return counted.length > 0;
  }
}

/** The album itself was bought, or (a free album holding priced songs) every priced song on it. */
async function boughtAll(album: DownloadableAlbum, bought: Bought): Promise<boolean> {
  if (await bought({ type: 'album', id: album.id })) return true;
  if (album.price > 0) return false;
  for (const track of album.tracks) {
    if (track.price > 0 && !(await bought({ type: 'track', id: track.id, albumId: album.id }))) return false;
  }
  return true;
}

/** Why an album is not free to download (common's albumIsFree, the rule every page shows), or undefined when it is. */
function albumPriceRefusal(album: DownloadableAlbum): AppError | undefined {
  if (albumIsFree(album.price, album.tracks.map((track) => track.price))) return undefined;
  if (album.price > 0) return purchaseRequired(`This album costs ${formatPrice(album.price)}. Buy it to download it.`, album.price);
  const priced = album.tracks.filter((track: DownloadableTrack) => track.price > 0);
  const total = priced.reduce((sum, track) => sum + track.price, 0);
  return purchaseRequired(
    priced.length === 1
      ? `A song on this album is for sale (${formatPrice(total)}). Buy it to download it.`
      : `${priced.length} songs on this album are for sale (${formatPrice(total)} in all). Buy them to download them.`,
    total,
  );
}
