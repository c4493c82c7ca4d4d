import { randomUUID } from 'node:crypto';
import type { TtlCache } from '../../lib/ttl-cache';
import { trackCreateFieldsSchema, trackUpdateFieldsSchema } from '#common/schemas/catalog/requests';
import { type PurchaseItem, type StorageUse, type Track } from '#common/schemas/catalog/responses';
import { CATALOG_MESSAGES, STORAGE_QUOTA_BYTES, suggestedPriceProblem } from '#common/schemas/catalog/rules';
import { AppError, fieldError } from '../../lib/errors';
import { ALBUM_TRACK_FORMATS, deleteRenditions, MEDIA_JOBS, renditionsOf, TRACK_FORMATS } from '../media';
import { storageKeys } from '../storage';
import { stage, type CatalogContext } from './catalog-context';
import { checkAudio, checkCover, parseFields, type CheckedCover } from './upload-validation';
import { deleteCoverRow, findCover, insertCover } from './covers.repo';
import { toTrack } from './track-view';
import {
  deleteTrackRow,
  findOwnTrack,
  findTrackView,
  fitsInQuota,
  insertTrack,
  listUserTracks,
  storageUsed,
  updateTrack,
  type NewTrackRecord,
} from './tracks.repo';
import type { ReceivedUpload } from '../uploads';

export function coverInsert(userId: string, cover: CheckedCover) {
  return { id: cover.id, userId, originalKey: cover.key, mimeType: cover.mimeType, byteSize: cover.file.size };
}

/** The artist's tracks: upload, list, edit, delete (spec sections 3, 4 and 7). */
export class TracksService {
  /**
   * @param listCache the artists' track lists. Kept exact by events on every process (docs/decisions/053):
   * every change to an artist's tracks or albums (theirs, the media jobs', a counted play or
   * download) emits one, and drops that artist's list; a resync drops them all.
   */
  constructor(
    private readonly context: CatalogContext,
    private readonly listCache?: TtlCache<string, Buffer>,
  ) {
    if (listCache) {
      context.events.on('track.changed', ({ userId }) => listCache.invalidate(userId));
      context.events.on('track.played', ({ userId }) => listCache.invalidate(userId));
      context.events.on('track.downloaded', ({ userId }) => listCache.invalidate(userId));
      context.events.on('album.changed', ({ userId }) => listCache.invalidate(userId));
      context.events.on('events.resync', () => listCache.clear());
    }
  }

  private get db() {
    return this.context.db();
  }

  async list(userId: string): Promise<Track[]> {
    return (await listUserTracks(this.db, userId)).map(toTrack);
  }

  /**
   * The list as the JSON bytes the route sends: serialised and encoded once per change, not once
   * per request (a string would be encoded to UTF-8 again at every write to a socket).
   */
  async listJson(userId: string): Promise<Buffer> {
    const load = async () => Buffer.from(JSON.stringify(await this.list(userId)));
    return this.listCache && this.context.events.synced ? this.listCache.get(userId, load) : load();
  }

  async view(trackId: string): Promise<Track> {
    const row = await findTrackView(this.db, trackId);
    if (!row) throw new AppError('track.not-found');
    return toTrack(row);
  }

  /** 404 unless the track exists and is this artist's: another artist's track is simply not there. */
  async assertOwn(userId: string, trackId: string): Promise<void> {
    if (!(await findOwnTrack(this.db, userId, trackId))) throw new AppError('track.not-found');
  }

  async create(userId: string, upload: ReceivedUpload): Promise<Track> {
    const fields = parseFields(trackCreateFieldsSchema, upload.fields);
    const audioFile = upload.files.find((file) => file.field === 'audio');
    if (!audioFile) throw fieldError('form.invalid', 'audio', CATALOG_MESSAGES.audioRequired);
    const coverFile = upload.files.find((file) => file.field === 'coverPhoto');
    const audio = await checkAudio(this.context, userId, audioFile, TRACK_FORMATS, CATALOG_MESSAGES.audioFormat);
    const cover = coverFile ? await checkCover(this.context, userId, coverFile) : undefined;

    const trackId = randomUUID();
    const staged = stage(this.context);
    try {
      await staged.store([
        { key: audio.key, path: audioFile.path, contentType: audio.mimeType },
        ...(cover ? [{ key: cover.key, path: cover.file.path, contentType: cover.mimeType }] : []),
      ]);
      await this.db.transaction(async (tx) => {
        if (!(await fitsInQuota(tx, userId, audioFile.size + (coverFile?.size ?? 0)))) throw new AppError('quota.exceeded');
        if (cover) await insertCover(tx, coverInsert(userId, cover));
        await insertTrack(tx, {
          id: trackId,
          userId,
          trackName: fields.trackName,
          artistName: fields.artistName,
          originalName: audio.originalName,
          fileSize: audioFile.size,
          mimeType: audio.mimeType,
          duration: audio.duration,
          audioKey: audio.key,
          coverId: cover?.id ?? null,
          price: fields.price,
          payMore: fields.payMore,
          suggestedPrice: fields.suggestedPrice,
          allowFullPlayback: fields.allowFullPlayback,
          genre: fields.genre,
          tags: fields.tags,
        });
        await this.context.jobs.enqueue(MEDIA_JOBS.renditions, { trackId }, { tx });
        if (cover) await this.context.jobs.enqueue(MEDIA_JOBS.coverVariants, { coverId: cover.id }, { tx });
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
    this.context.events.emit('track.changed', { trackId, userId });
    this.context.jobs.nudge();
    return this.view(trackId);
  }

  /**
   * Edits a track: any of its fields, a new cover (an empty one keeps the current), removing the
   * cover, and new audio. A new audio file or switching to preview-only queues the renditions.
   */
  async update(userId: string, trackId: string, upload: ReceivedUpload): Promise<Track> {
    const fields = parseFields(trackUpdateFieldsSchema, upload.fields);
    const before = await findOwnTrack(this.db, userId, trackId);
    if (!before) throw new AppError('track.not-found');
    const audioFile = upload.files.find((file) => file.field === 'audio');
    const coverFile = upload.files.find((file) => file.field === 'coverPhoto');
    // A track of an album may hold any of the album formats, and be replaced by one.
    const formats = before.albumId ? ALBUM_TRACK_FORMATS : TRACK_FORMATS;
    const formatMessage = before.albumId ? CATALOG_MESSAGES.albumAudioFormat : CATALOG_MESSAGES.audioFormat;
    const audio = audioFile ? await checkAudio(this.context, userId, audioFile, formats, formatMessage) : undefined;
    const cover = coverFile ? await checkCover(this.context, userId, coverFile) : undefined;

    const staged = stage(this.context);
    try {
      await staged.store([
        ...(audio ? [{ key: audio.key, path: audio.file.path, contentType: audio.mimeType }] : []),
        ...(cover ? [{ key: cover.key, path: cover.file.path, contentType: cover.mimeType }] : []),
      ]);
      await this.db.transaction(async (tx) => {
        const current = await findOwnTrack(tx, userId, trackId, true);
        if (!current) throw new AppError('track.not-found');
        const dropCover = (cover !== undefined || fields.removeCoverPhoto === true) && current.coverId !== null;
        const oldCover = dropCover && current.coverId ? await findCover(tx, current.coverId) : undefined;
        const added =
          (audio ? audio.file.size - current.fileSize : 0) + (cover ? cover.file.size : 0) - (oldCover ? oldCover.byteSize : 0);
        if (added > 0 && !(await fitsInQuota(tx, userId, added))) throw new AppError('quota.exceeded');

        if (cover) await insertCover(tx, coverInsert(userId, cover));
        const values: Partial<NewTrackRecord> = {};
        if (fields.trackName !== undefined) values.trackName = fields.trackName;
        if (fields.artistName !== undefined) values.artistName = fields.artistName;
        if (fields.price !== undefined) values.price = fields.price;
        if (fields.payMore !== undefined) values.payMore = fields.payMore;
        if (fields.suggestedPrice !== undefined) values.suggestedPrice = fields.suggestedPrice;
        // Issue 21: the suggestion and the price may arrive apart; the pair they leave must hold.
        const suggestion = suggestedPriceProblem(values.price ?? current.price, values.suggestedPrice === undefined ? current.suggestedPrice : values.suggestedPrice);
        if (suggestion) throw fieldError('form.invalid', 'suggestedPrice', suggestion);
        if (fields.allowFullPlayback !== undefined) values.allowFullPlayback = fields.allowFullPlayback;
        if (fields.genre !== undefined) values.genre = fields.genre;
        if (fields.tags !== undefined) values.tags = fields.tags;
        if (cover) values.coverId = cover.id;
        else if (fields.removeCoverPhoto) values.coverId = null;
        if (audio) {
          Object.assign(values, {
            audioKey: audio.key,
            fileSize: audio.file.size,
            mimeType: audio.mimeType,
            duration: audio.duration,
            originalName: audio.originalName,
          });
        }
        await updateTrack(tx, trackId, values);

        const keys: string[] = [];
        const prefixes: string[] = [];
        if (audio) {
          const stale = await deleteRenditions(tx, trackId);
          keys.push(current.audioKey, ...stale.map((rendition) => rendition.storageKey));
        }
        if (oldCover) {
          await deleteCoverRow(tx, oldCover.id);
          prefixes.push(storageKeys.coverPrefix(oldCover.originalKey));
        }
        await this.context.work.enqueueDeletion(tx, { keys, prefixes });
        const becomesPreviewOnly = fields.allowFullPlayback === false && current.allowFullPlayback;
        if (audio || becomesPreviewOnly) await this.context.jobs.enqueue(MEDIA_JOBS.renditions, { trackId }, { tx });
        if (cover) await this.context.jobs.enqueue(MEDIA_JOBS.coverVariants, { coverId: cover.id }, { tx });
      });
    } catch (error) {
      await staged.discard();
      throw error;
    } finally {
      this.context.events.emit('track.changed', { trackId, userId });
    }
    this.context.jobs.nudge();
    return this.view(trackId);
  }

  /** Deletes a track and (through a durable job) its files; a sold track stays (spec section 4). */
  async delete(userId: string, trackId: string): Promise<void> {
    await this.assertOwn(userId, trackId);
    if ((await this.context.sales().trackPurchases(trackId)).length > 0) throw new AppError('track.sold');
    try {
      await this.db.transaction(async (tx) => {
        const current = await findOwnTrack(tx, userId, trackId, true);
        if (!current) throw new AppError('track.not-found');
        const renditions = await renditionsOf(tx, trackId);
        const cover = current.coverId ? await findCover(tx, current.coverId) : undefined;
        await deleteTrackRow(tx, trackId);
        if (cover) await deleteCoverRow(tx, cover.id);
        await this.context.work.enqueueDeletion(tx, {
          keys: [current.audioKey, ...renditions.map((rendition) => rendition.storageKey)],
          prefixes: [storageKeys.renditionsPrefix(trackId), ...(cover ? [storageKeys.coverPrefix(cover.originalKey)] : [])],
        });
      });
    } finally {
      this.context.events.emit('track.changed', { trackId, userId });
    }
    this.context.jobs.nudge();
  }

  /** GET /api/purchases/track/{id}: the owner asks whether the track has been sold. */
  async purchases(userId: string, trackId: string): Promise<PurchaseItem[]> {
    await this.assertOwn(userId, trackId);
    return this.context.sales().trackPurchases(trackId);
  }

  /**
   * GET /api/storage: what the artist stores against the quota, counted as the quota check counts
   * it (the songs' audio and the covers' originals), so the bar and a refusal always agree.
   */
  async storage(userId: string): Promise<StorageUse> {
    return { used: await storageUsed(this.db, userId), quota: STORAGE_QUOTA_BYTES };
  }
}
