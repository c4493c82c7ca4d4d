import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MAX_AUDIO_FILE_BYTES } from '#common/schemas/catalog/rules';
import { AlbumsService } from './albums.service';
import type { CatalogContext } from './catalog-context';
import { catalogReadRoutes, catalogRoutes } from './catalog.routes';
import { TracksService } from './tracks.service';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * How long a cached track list may live. Events keep it exact on every process (docs/decisions/053);
 * the lifetime bounds the memory of artists who stopped asking.
 */
const TRACK_LIST_CACHE_MS = 60_000;

/**
 * The artist's catalogue: tracks, albums and covers (issue 3). Multipart parsing is registered
 * here, in the routes' own scope, with the upload limits; the files go through the shared upload
 * intake, and the media pipeline makes renditions and thumbnails in its jobs.
 */
export const catalogPlugin = fp(
  async (app) => {
    const context: CatalogContext = {
      db: () => app.database.db,
      storage: app.storage,
      media: app.media,
      jobs: app.jobs,
      work: app.mediaWork,
      sales: () => app.sales,
      log: app.log,
      events: app.events,
    };
    const listCache = new TtlCache<string, Buffer>(TRACK_LIST_CACHE_MS, 1_000);
    const services = {
      tracks: new TracksService(context, listCache),
      albums: new AlbumsService(context),
    };

    await app.register(async (scope) => catalogReadRoutes(scope, services));
    // Multipart parsing (and its per-request hooks) only where forms are uploaded.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: MAX_AUDIO_FILE_BYTES, fieldSize: 64 * 1024, fields: 12, files: 31, headerPairs: 100 },
      });
      await catalogRoutes(scope, services);
    });
  },
  { name: 'catalog', dependencies: ['payments', 'database', 'uploads', 'resumable-uploads', 'session', 'storage', 'media'] },
);
