import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { albumFieldsSchema, albumUpdateFieldsSchema } from '#common/schemas/catalog/requests';
import { type Album } from '#common/schemas/catalog/responses';
import { CATALOG_MESSAGES, MAX_ALBUM_TRACKS, suggestedPriceProblem } from '#common/schemas/catalog/rules';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { ALBUM_TRACK_FORMATS, MEDIA_JOBS } from '../media';
import { storageKeys } from '../storage';
import {
  albumIdsOfTracks,
  albumTrackIds,
  deleteAlbumRow,
  findAlbumView,
  findOwnAlbum,
  insertAlbum,
  listUserAlbums,
  setAlbumTracks,
  updateAlbum,
} from './albums.repo';
import { stage, type CatalogContext } from './catalog-context';
import { checkAudio, checkCover, parseFields, type CheckedAudio, type CheckedCover } from './upload-validation';
import { deleteCoverRow, findCover, insertCover } from './covers.repo';
import { toAlbum } from './track-view';
import { fitsInQuota, insertTrack, listAlbumTracks, ownTrackIds } from './tracks.repo';
import { coverInsert } from './tracks.service';
import type { ReceivedUpload } from '../uploads';

export const ALBUM_TRACK_FILE = /^albumTrackFile_(\d{1,3})$/;
/** A new track's own cover: optional, beside its albumTrackFile_{index}. */
export const ALBUM_TRACK_COVER = /^albumTrackCover_(\d{1,3})$/;

/** selectedSongs and albumTracks arrive as JSON text in multipart fields. */
function jsonField(value: unknown, message: string): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError('form.invalid', message);
  }
}

function albumFields<S extends typeof albumFieldsSchema | typeof albumUpdateFieldsSchema>(schema: S, fields: Record<string, unknown>) {
  return parseFields(schema, {
    ...fields,
    selectedSongs: jsonField(fields.selectedSongs, CATALOG_MESSAGES.selectedSongsInvalid),
    albumTracks: jsonField(fields.albumTracks, CATALOG_MESSAGES.albumTracksInvalid),
  }) as z.output<S>;
}

interface AlbumLabels {
  genre: string | null;
  tags: string[];
}

interface NewAlbumTrack {
  entry: z.output<typeof albumFieldsSchema>['albumTracks'][number];
  audio: CheckedAudio;
  cover: CheckedCover | undefined;
  trackId: string;
}

/** Albums of existing songs plus newly uploaded ones (spec sections 3, 4 and 7). */
export class AlbumsService {
  constructor(private readonly context: CatalogContext) {}

  private get db() {
    return this.context.db();
  }

  async list(userId: string): Promise<Album[]> {
    const albums = await listUserAlbums(this.db, userId);
    const tracks = await listAlbumTracks(
      this.db,
      albums.map((album) => album.id),
    );
    // Sold albums cannot be deleted (issue 16): the list says which, so Delete gives the reason at once (issue 33).
    const sold = await this.context.sales().soldAlbumIds(albums.map((album) => album.id));
    return albums.map((album) => ({ ...toAlbum(album, tracks), sold: sold.has(album.id) }));
  }

  async view(albumId: string): Promise<Album> {
    const album = await findAlbumView(this.db, albumId);
    if (!album) throw new AppError('album.not-found');
    return toAlbum(album, await listAlbumTracks(this.db, [albumId]));
  }

  async assertOwn(userId: string, albumId: string): Promise<void> {
    if (!(await findOwnAlbum(this.db, userId, albumId))) throw new AppError('album.not-found');
  }

  /** Pairs albumTracks[i] with albumTrackFile_i (and albumTrackCover_i, if sent) and checks every file by content. */
  private async newTracks(
    userId: string,
    entries: z.output<typeof albumFieldsSchema>['albumTracks'],
    upload: ReceivedUpload,
  ): Promise<NewAlbumTrack[]> {
    for (const file of upload.files) {
      const index = (ALBUM_TRACK_FILE.exec(file.field) ?? ALBUM_TRACK_COVER.exec(file.field))?.[1];
      if (index !== undefined && Number(index) >= entries.length) {
        throw fieldError('form.invalid', file.field, CATALOG_MESSAGES.unexpectedFile);
      }
    }
    const tracks: NewAlbumTrack[] = [];
    for (const [index, entry] of entries.entries()) {
      const field = `albumTrackFile_${index}`;
      const file = upload.files.find((candidate) => candidate.field === field);
      if (!file) throw fieldError('form.invalid', field, CATALOG_MESSAGES.albumTrackFileMissing);
      const audio = await checkAudio(this.context, userId, file, ALBUM_TRACK_FORMATS, CATALOG_MESSAGES.albumAudioFormat);
      const coverFile = upload.files.find((candidate) => candidate.field === `albumTrackCover_${index}`);
      const cover = coverFile ? await checkCover(this.context, userId, coverFile) : undefined;
      tracks.push({ entry, audio, cover, trackId: randomUUID() });
    }
    return tracks;
  }

  /**
   * The songs picked from the artist's own: duplicates dropped (ids compare as the database does,
   * whatever their case); any other id is refused. `lock` inside the transaction that uses them.
   */
  private async checkSelected(db: DbOrTx, userId: string, selected: string[], lock = false): Promise<string[]> {
    const unique = [...new Set(selected.map((id) => id.toLowerCase()))];
    const owned = await ownTrackIds(db, userId, unique, lock);
    if (owned.size !== unique.length) throw fieldError('form.invalid', 'selectedSongs', CATALOG_MESSAGES.selectedSongsNotFound);
    return unique;
  }

  /**
   * Issue 16: a song never leaves a sold album, by an edit of its song list or by being picked
   * for another album: the album's buyers own its songs (their link grants the album's current
   * songs), and a song that left could then be deleted. Songs may always be added. Checked before
   * the change's transaction (the sales are read on their own connection), as a sold track's delete is.
   */
  private async keepSoldSongs(albumId: string, keep: string[]): Promise<void> {
    const db = this.db;
    const kept = new Set(keep);
    const sources = new Set((await albumIdsOfTracks(db, keep)).filter((id) => id !== albumId));
    if ((await albumTrackIds(db, albumId)).some((id) => !kept.has(id))) sources.add(albumId);
    for (const source of sources) {
      if ((await this.context.sales().albumPurchases(source)).length > 0) throw new AppError('album.sold-songs');
    }
  }

  /** Stores the new files, then runs `commit` in a transaction that also inserts the new tracks. */
  private async storeAndCommit(
    userId: string,
    newTracks: NewAlbumTrack[],
    cover: CheckedCover | undefined,
    commit: (tx: DbOrTx, addTracks: (albumId: string, labels: AlbumLabels) => Promise<string[]>) => Promise<void>,
  ): Promise<void> {
    const staged = stage(this.context);
    try {
      const covers = [...newTracks.map((track) => track.cover), cover].filter((checked) => checked !== undefined);
      await staged.store([
        ...newTracks.map(({ audio }) => ({ key: audio.key, path: audio.file.path, contentType: audio.mimeType })),
        ...covers.map((checked) => ({ key: checked.key, path: checked.file.path, contentType: checked.mimeType })),
      ]);
      await this.db.transaction(async (tx) => {
        const addCover = async (checked: CheckedCover) => {
          await insertCover(tx, coverInsert(userId, checked));
          await this.context.jobs.enqueue(MEDIA_JOBS.coverVariants, { coverId: checked.id }, { tx });
        };
        // A song added through the album takes the album's genre and tags unless it has its own (issue 17, issue 33); each can be edited after.
        const addTracks = async (albumId: string, labels: AlbumLabels) => {
          for (const { entry, audio, cover: trackCover, trackId } of newTracks) {
            if (trackCover) await addCover(trackCover);
            await insertTrack(tx, {
              id: trackId,
              userId,
              albumId,
              trackName: entry.trackName,
              artistName: entry.artistName,
              originalName: audio.originalName,
              fileSize: audio.file.size,
              mimeType: audio.mimeType,
              duration: audio.duration,
              audioKey: audio.key,
              price: entry.price,
              allowFullPlayback: entry.allowFullPlayback,
              coverId: trackCover?.id ?? null,
              genre: entry.genre ?? labels.genre,
              tags: entry.tags.length > 0 ? entry.tags : labels.tags,
            });
            await this.context.jobs.enqueue(MEDIA_JOBS.renditions, { trackId }, { tx });
          }
          if (cover) await addCover(cover);
          return newTracks.map((track) => track.trackId);
        };
        await commit(tx, addTracks);
        // Counted after the changes, inside the transaction: the new rows are in the total already.
        if (!(await fitsInQuota(tx, userId, 0))) throw new AppError('quota.exceeded');
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
    this.context.jobs.nudge();
  }

  async create(userId: string, upload: ReceivedUpload): Promise<Album> {
    const fields = albumFields(albumFieldsSchema, upload.fields);
    const selected = await this.checkSelected(this.db, userId, fields.selectedSongs);
    const albumId = randomUUID();
    await this.keepSoldSongs(albumId, selected);
    if (selected.length + fields.albumTracks.length === 0) throw new AppError('form.invalid', CATALOG_MESSAGES.albumNeedsSongs);
    if (selected.length + fields.albumTracks.length > MAX_ALBUM_TRACKS) throw new AppError('form.invalid', CATALOG_MESSAGES.albumTooManyTracks);
    const newTracks = await this.newTracks(userId, fields.albumTracks, upload);
    const coverFile = upload.files.find((file) => file.field === 'coverPhoto');
    const cover = coverFile ? await checkCover(this.context, userId, coverFile) : undefined;
    const changed = new AlbumChanges();
    await this.storeAndCommit(userId, newTracks, cover, async (tx, addTracks) => {
      // Checked again inside the transaction, and held: a selected song may be deleted meanwhile.
      await this.checkSelected(tx, userId, selected, true);
      changed.albums(albumId, ...(await albumIdsOfTracks(tx, selected)));
      await insertAlbum(tx, {
        id: albumId,
        userId,
        albumName: fields.albumName,
        price: fields.price,
        payMore: fields.payMore,
        suggestedPrice: fields.suggestedPrice,
        genre: fields.genre,
        tags: fields.tags,
        coverId: null,
      });
      const added = await addTracks(albumId, { genre: fields.genre, tags: fields.tags });
      if (cover) await updateAlbum(tx, albumId, { coverId: cover.id });
      await setAlbumTracks(tx, albumId, [...selected, ...added]);
      changed.tracks(...selected, ...added);
    });
    changed.emit(this.context.events, userId);
    return this.view(albumId);
  }

  /**
   * Edits an album with the same fields as creating one. A field left out keeps its value:
   * selectedSongs, when sent, is the complete list of existing songs to keep or add (others
   * leave the album and become singles); new tracks are added after them.
   */
  async update(userId: string, albumId: string, upload: ReceivedUpload): Promise<Album> {
    const fields = albumFields(albumUpdateFieldsSchema, upload.fields);
    if (!(await findOwnAlbum(this.db, userId, albumId))) throw new AppError('album.not-found');
    const selectedInput = fields.selectedSongs ? await this.checkSelected(this.db, userId, fields.selectedSongs) : undefined;
    if (selectedInput) await this.keepSoldSongs(albumId, selectedInput);
    const newTracks = await this.newTracks(userId, fields.albumTracks ?? [], upload);
    const coverFile = upload.files.find((file) => file.field === 'coverPhoto');
    const cover = coverFile ? await checkCover(this.context, userId, coverFile) : undefined;
    const changed = new AlbumChanges();
    await this.storeAndCommit(userId, newTracks, cover, async (tx, addTracks) => {
      const album = await findOwnAlbum(tx, userId, albumId, true);
      if (!album) throw new AppError('album.not-found');
      const before = await albumTrackIds(tx, albumId);
      const selected = selectedInput ? await this.checkSelected(tx, userId, selectedInput, true) : before;
      // An album whose songs were all deleted can still be renamed or repriced; a new song list may not be empty.
      const songsSent = fields.selectedSongs !== undefined || fields.albumTracks !== undefined;
      if (songsSent && selected.length + newTracks.length === 0) throw new AppError('form.invalid', CATALOG_MESSAGES.albumNeedsSongs);
      if (selected.length + newTracks.length > MAX_ALBUM_TRACKS) throw new AppError('form.invalid', CATALOG_MESSAGES.albumTooManyTracks);
      const added = await addTracks(albumId, { genre: fields.genre ?? album.genre, tags: fields.tags ?? album.tags });
      // Every song that was or is on it shows the album's name and cover; songs taken from another album change that one too.
      changed.albums(albumId, ...(await albumIdsOfTracks(tx, selected)));
      changed.tracks(...before, ...selected, ...added);
      await setAlbumTracks(tx, albumId, [...selected, ...added]);

      // Issue 21: the suggestion and the price may arrive apart; the pair they leave must hold.
      const suggestion = suggestedPriceProblem(fields.price ?? album.price, fields.suggestedPrice === undefined ? album.suggestedPrice : fields.suggestedPrice);
      if (suggestion) throw fieldError('form.invalid', 'suggestedPrice', suggestion);
      const dropCover = (cover !== undefined || fields.removeCoverPhoto === true) && album.coverId !== null;
      const oldCover = dropCover && album.coverId ? await findCover(tx, album.coverId) : undefined;
      await updateAlbum(tx, albumId, {
        ...(fields.albumName !== undefined ? { albumName: fields.albumName } : {}),
        ...(fields.price !== undefined ? { price: fields.price } : {}),
        ...(fields.payMore !== undefined ? { payMore: fields.payMore } : {}),
        ...(fields.suggestedPrice !== undefined ? { suggestedPrice: fields.suggestedPrice } : {}),
        ...(fields.genre !== undefined ? { genre: fields.genre } : {}),
        ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
        ...(cover ? { coverId: cover.id } : fields.removeCoverPhoto ? { coverId: null } : {}),
      });
      if (oldCover) {
        await deleteCoverRow(tx, oldCover.id);
        await this.context.work.enqueueDeletion(tx, { keys: [], prefixes: [storageKeys.coverPrefix(oldCover.originalKey)] });
      }
    });
    changed.emit(this.context.events, userId);
    return this.view(albumId);
  }

  /**
   * Deletes an album and its cover; its songs stay, as singles (docs/decisions/010). A sold album
   * stays (issue 16, as the spec's sold track): its buyers' links name it. Another artist's album,
   * sold or not, is simply not there (404, checked first).
   */
  async delete(userId: string, albumId: string): Promise<void> {
    await this.assertOwn(userId, albumId);
    if ((await this.context.sales().albumPurchases(albumId)).length > 0) throw new AppError('album.sold');
    const changed = new AlbumChanges();
    await this.db.transaction(async (tx) => {
      const album = await findOwnAlbum(tx, userId, albumId, true);
      if (!album) throw new AppError('album.not-found');
      const cover = album.coverId ? await findCover(tx, album.coverId) : undefined;
      changed.albums(albumId);
      changed.tracks(...(await albumTrackIds(tx, albumId)));
      await setAlbumTracks(tx, albumId, []);
      await deleteAlbumRow(tx, albumId);
      if (cover) {
        await deleteCoverRow(tx, cover.id);
        await this.context.work.enqueueDeletion(tx, { keys: [], prefixes: [storageKeys.coverPrefix(cover.originalKey)] });
      }
    });
    changed.emit(this.context.events, userId);
    this.context.jobs.nudge();
  }
}

/**
 * What an album change touched, told once it has committed (lib/events): each album whose song
 * list, name or cover changed, and each track that was or is on one of them (its album and the
 * cover it shows changed).
 */
class AlbumChanges {
  private readonly albumIds = new Set<string>();
  private readonly trackIds = new Set<string>();

  albums(...ids: string[]): void {
    for (const id of ids) this.albumIds.add(id);
  }

  tracks(...ids: string[]): void {
    for (const id of ids) this.trackIds.add(id);
  }

  emit(events: EventBus, userId: string): void {
    for (const trackId of this.trackIds) events.emit('track.changed', { trackId, userId });
    for (const albumId of this.albumIds) events.emit('album.changed', { albumId, userId });
  }
}

