import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COVER_SIZES } from '#common/schemas/catalog/rules';
import type { Db, DbOrTx } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { RenditionProfileName } from './renditions';
import type { JobQueue } from '../jobs';
import type { Storage } from '../storage';
import { storageKeys } from '../storage';
import { variantName } from './images';
import type { Media } from './media.plugin';
import { MADE_FORMATS, tagsFingerprint, type MadeFormat } from './download-formats';
import {
  addCoverVariants,
  findCoverForVariants,
  findDownloadSource,
  findRenditionSource,
  renditionsOf,
  saveRendition,
  unreferencedKeys,
  type CoverRecord,
  type RenditionRecord,
} from './media.repo';
import { RENDITION_MIME_TYPE } from './renditions';

export const MEDIA_JOBS = {
  renditions: 'catalog.renditions',
  coverVariants: 'catalog.cover-variants',
  deleteObjects: 'catalog.delete-objects',
  sweepUpload: 'catalog.sweep-upload',
} as const;

export interface DeleteObjectsPayload {
  keys: string[];
  prefixes: string[];
}

/** An upload's keys are swept this long after it started unless a row by then refers to them. */
export const SWEEP_DELAY_MS = 60 * 60 * 1000;

export const ALL_COVER_VARIANTS = COVER_SIZES.flatMap((size) => [variantName(size, 'webp'), variantName(size, 'jpg')]);

export function wantedRenditions(allowFullPlayback: boolean): RenditionProfileName[] {
  return allowFullPlayback ? ['standard', 'low'] : ['standard', 'low', 'preview', 'preview_low'];
}

export interface MediaWorkDeps {
  db: () => Db;
  storage: Storage;
  media: Media;
  jobs: JobQueue;
  scratchDir: string;
  log: FastifyBaseLogger;
  /** Told when a track's renditions changed (track.changed), so cached answers are dropped. */
  events: EventBus;
}

/**
 * The media pipeline: renditions and cover thumbnails (from the durable jobs,
 * or on demand when a listener needs one before its job ran), and deleting stored objects.
 * Concurrent requests for the same work share one run.
 */
export class MediaWork {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: MediaWorkDeps) {}

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /**
   * Makes the renditions a track lacks for its current audio (all it should have, or `only`
   * these), and answers the track's current renditions.
   */
  ensureRenditions(trackId: string, only?: RenditionProfileName[], signal?: AbortSignal): Promise<RenditionRecord[]> {
    return this.once(`renditions:${trackId}:${only?.join(',') ?? '*'}`, async () => {
      const { db, storage, media, scratchDir } = this.deps;
      const track = await findRenditionSource(db(), trackId);
      if (!track) return [];
      const current = (await renditionsOf(db(), trackId)).filter((r) => r.sourceKey === track.audioKey);
      const missing = (only ?? wantedRenditions(track.allowFullPlayback)).filter((kind) => !current.some((r) => r.kind === kind));
      if (missing.length === 0) return current;
      const source = await storage.localFile(track.audioKey);
      try {
        for (const kind of missing) {
          const output = path.join(scratchDir, `rendition-${randomUUID()}.m4a`);
          try {
            await media.makeRendition(source.path, output, kind, track.duration, signal);
            const { size } = await fsp.stat(output);
            const key = storageKeys.rendition(track.id, track.audioKey, kind);
            await storage.putFile(key, output, RENDITION_MIME_TYPE);
            const saved = await saveRendition(db(), {
              trackId,
              kind,
              storageKey: key,
              byteSize: size,
              mimeType: RENDITION_MIME_TYPE,
              sourceKey: track.audioKey,
            });
            if (!saved) {
              // Deleted or given new audio while we worked: this file belongs to nothing.
              await storage.delete([key]);
              return [];
            }
          } finally {
            await fsp.rm(output, { force: true });
          }
        }
      } finally {
        await source.release();
        this.deps.events.emit('track.changed', { trackId, userId: track.userId });
      }
      return (await renditionsOf(db(), trackId)).filter((r) => r.sourceKey === track.audioKey);
    });
  }

  /**
   * A tagged MP3 or FLAC of a track for downloading (issue 16): made on the first request, kept
   * as a rendition of its original (so replacing the audio or deleting the track removes it), and
   * made again only when the song's title, artist, album or cover changed (a new key each time;
   * the old file is deleted). Concurrent requests on this process share one run; two processes
   * asking at the same instant would both write the same key with the same bytes.
   */
  async ensureDownloadFormat(trackId: string, format: MadeFormat): Promise<RenditionRecord | undefined> {
    const { db, storage } = this.deps;
    const source = await findDownloadSource(db(), trackId);
    if (!source) return undefined;
    let cover = source.cover;
    const coverVariant = variantName(640, 'jpg');
    if (cover && !cover.variants.includes(coverVariant)) cover = (await this.ensureCoverVariants(cover.id)) ?? null;
    const coverKey = cover?.variants.includes(coverVariant) ? storageKeys.coverVariant(cover.originalKey, coverVariant) : null;
    const tags = { title: source.trackName, artist: source.artistName, album: source.albumName };
    const { extension, mimeType } = MADE_FORMATS[format];
    const key = storageKeys.downloadFormat(trackId, source.audioKey, tagsFingerprint(tags, coverKey), extension);
    const kind = `download_${format}` as const;
    const existing = (await renditionsOf(db(), trackId)).find((r) => r.kind === kind);
    if (existing?.storageKey === key && existing.sourceKey === source.audioKey) return existing;

    return this.once(`download:${key}`, async () => {
      const output = path.join(this.deps.scratchDir, `download-${randomUUID()}.${extension}`);
      const audio = await storage.localFile(source.audioKey);
      let picture: { path: string; release(): Promise<void> } | undefined;
      try {
        if (coverKey) picture = await storage.localFile(coverKey);
        await this.deps.media.makeDownloadFormat({ path: audio.path, mimeType: source.mimeType }, picture?.path ?? null, output, format, tags);
        const { size } = await fsp.stat(output);
        await storage.putFile(key, output, mimeType);
        const saved = await saveRendition(db(), { trackId, kind, storageKey: key, byteSize: size, mimeType, sourceKey: source.audioKey });
        if (!saved) {
          // Deleted or given new audio while we worked: this file belongs to nothing.
          await storage.delete([key]);
          return undefined;
        }
        // The copy made before a rename: nothing refers to it any more.
        if (existing && existing.storageKey !== key) await storage.delete([existing.storageKey]);
        // Its exact size now replaces the estimate that public answers show (decision 052).
        this.deps.events.emit('track.changed', { trackId, userId: source.userId });
      } finally {
        await audio.release();
        await picture?.release();
        await fsp.rm(output, { force: true });
      }
      return (await renditionsOf(db(), trackId)).find((r) => r.kind === kind && r.storageKey === key);
    });
  }

  /** Makes a cover's thumbnails if any is missing; answers the cover (undefined if it is gone). */
  ensureCoverVariants(coverId: string): Promise<CoverRecord | undefined> {
    return this.once(`cover:${coverId}`, async () => {
      const { db, storage, media } = this.deps;
      const cover = await findCoverForVariants(db(), coverId);
      if (!cover || ALL_COVER_VARIANTS.every((name) => cover.variants.includes(name))) return cover;
      const source = await storage.localFile(cover.originalKey);
      let variants;
      try {
        variants = await media.makeCoverVariants(source.path);
      } finally {
        await source.release();
      }
      for (const variant of variants) {
        await storage.putBuffer(storageKeys.coverVariant(cover.originalKey, variant.name), variant.body, variant.mimeType);
      }
      const names = variants.map((variant) => variant.name);
      if (!(await addCoverVariants(db(), coverId, names))) {
        await storage.deletePrefix(storageKeys.coverPrefix(cover.originalKey));
        return undefined;
      }
      return { ...cover, variants: [...new Set([...cover.variants, ...names])] };
    });
  }

  async deleteObjects(payload: DeleteObjectsPayload): Promise<void> {
    await this.deps.storage.delete(payload.keys);
    for (const prefix of payload.prefixes) await this.deps.storage.deletePrefix(prefix);
  }

  /** Deletes those of an upload's keys that no row refers to (the upload failed or its process died). */
  async sweepUpload(payload: { keys: string[] }): Promise<void> {
    const { db, storage } = this.deps;
    const orphans = await unreferencedKeys(db(), payload.keys);
    await storage.delete(orphans);
  }

  /** Enqueues deletion in the caller's transaction: the files go exactly when the rows do. */
  async enqueueDeletion(tx: DbOrTx, payload: DeleteObjectsPayload): Promise<void> {
    if (payload.keys.length === 0 && payload.prefixes.length === 0) return;
    await this.deps.jobs.enqueue(MEDIA_JOBS.deleteObjects, payload, { tx });
  }

  register(jobs: JobQueue) {
    jobs.register<{ trackId: string }>(MEDIA_JOBS.renditions, async ({ trackId }, { signal }) => {
      await this.ensureRenditions(trackId, undefined, signal);
    }, { concurrency: 1 });
    jobs.register<{ coverId: string }>(MEDIA_JOBS.coverVariants, async ({ coverId }) => {
      await this.ensureCoverVariants(coverId);
    }, { concurrency: 1 });
    jobs.register<DeleteObjectsPayload>(MEDIA_JOBS.deleteObjects, (payload) => this.deleteObjects(payload), { concurrency: 2 });
    jobs.register<{ keys: string[] }>(MEDIA_JOBS.sweepUpload, (payload) => this.sweepUpload(payload), { concurrency: 1 });
  }
}

/**
 * Files written for one upload. Before the first byte is stored, a durable job is scheduled to
 * delete them later unless a committed row refers to them: even a crash between storing and
 * committing leaves nothing behind for long. On a failure we do not wait: discard() deletes now.
 */
export class StagedObjects {
  private readonly stored: string[] = [];

  constructor(
    private readonly storage: Storage,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  async store(items: { key: string; path: string; contentType: string }[]): Promise<void> {
    if (items.length === 0) return;
    await this.jobs.enqueue(MEDIA_JOBS.sweepUpload, { keys: items.map((item) => item.key) }, { delayMs: SWEEP_DELAY_MS });
    for (const item of items) {
      this.stored.push(item.key);
      await this.storage.putFile(item.key, item.path, item.contentType);
    }
  }

  async discard(): Promise<void> {
    try {
      await this.storage.delete(this.stored);
    } catch (error) {
      // The sweep job deletes them later.
      this.log.warn({ err: error }, 'could not delete the files of a failed upload yet');
    }
  }
}
