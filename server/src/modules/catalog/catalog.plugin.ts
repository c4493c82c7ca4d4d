import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MAX_AUDIO_FILE_BYTES } from '#common/schemas/catalog';
import { AlbumsService } from './albums.service';
import type { CatalogContext } from './catalog-context';
import { catalogReadRoutes, catalogRoutes } from './catalog.routes';
import { CoversService } from './covers.service';
import { MediaWork } from './media-work';
import { playbackRoutes } from './playback.routes';
import { nothingSoldYet } from './sales';
import { StreamsService } from './streams.service';
import { TracksService } from './tracks.service';
import { UploadTracker } from './upload-tracker';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * How long a cached track list may live (embedded mode only). Events keep it exact; the lifetime
 * only bounds the memory of artists who stopped asking.
 */
const TRACK_LIST_CACHE_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The catalogue: tracks, albums, covers, streaming and plays (issue 3). Registers its media jobs
 * on the durable queue and its routes; multipart parsing is registered here, in the routes' own
 * scope, with the upload limits.
 */
export const catalogPlugin = fp(
  async (app) => {
    if (!app.hasDecorator('sales')) app.decorate('sales', nothingSoldYet);
    app.decorate('uploads', new UploadTracker());
    // Uploads cut at shutdown finish their clean-up (files, staged objects) before the database closes
    // (onClose hooks run in reverse order of registration: this one before the database's).
    app.addHook('onClose', async () => app.uploads.idle());
    // One process sees every change only in embedded mode (the DATA_DIR lock): only there may it cache.
    const exclusive = app.database.kind === 'embedded';

    const work = new MediaWork({
      db: () => app.database.db,
      storage: app.storage,
      media: app.media,
      jobs: app.jobs,
      scratchDir: app.scratchDir,
      log: app.log,
      events: app.events,
    });
    work.register(app.jobs);
    const context: CatalogContext = {
      db: () => app.database.db,
      storage: app.storage,
      media: app.media,
      jobs: app.jobs,
      work,
      sales: () => app.sales,
      log: app.log,
      events: app.events,
    };
    const streams = new StreamsService(context, exclusive);
    const listCache = exclusive ? new TtlCache<string, Buffer>(TRACK_LIST_CACHE_MS, 1_000) : undefined;
    const services = {
      tracks: new TracksService(context, listCache),
      albums: new AlbumsService(context),
      streams,
      covers: new CoversService(context),
    };
    app.jobs.scheduleEvery('catalog.forget-old-plays', HOUR_MS, () => streams.forgetOld());

    await app.register(async (scope) => catalogReadRoutes(scope, services));
    // Multipart parsing (and its per-request hooks) only where forms are uploaded.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: MAX_AUDIO_FILE_BYTES, fieldSize: 64 * 1024, fields: 12, files: 31, headerPairs: 100 },
      });
      await catalogRoutes(scope, services);
    });
    await app.register(async (scope) => playbackRoutes(scope, services));
  },
  { name: 'catalog', dependencies: ['database', 'limits', 'session', 'storage', 'media'] },
);
