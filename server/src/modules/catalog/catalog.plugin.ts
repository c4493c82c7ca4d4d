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

/** How stale a cached track list may get through background work (embedded mode only). */
const TRACK_LIST_CACHE_MS = 2_000;

/**
 * The catalogue: tracks, albums, covers, streaming and plays (issue 3). Registers its media jobs
 * on the durable queue and its routes; multipart parsing is registered here, in the routes' own
 * scope, with the upload limits.
 */
export const catalogPlugin = fp(
  async (app) => {
    if (!app.hasDecorator('sales')) app.decorate('sales', nothingSoldYet);
    app.decorate('uploads', new UploadTracker());

    // The streams service caches track facts; every change to a track passes through here.
    const holder: { streams?: StreamsService; tracks?: TracksService } = {};
    const trackChanged = (trackId: string) => holder.streams?.invalidate(trackId);
    const work = new MediaWork({
      db: () => app.database.db,
      storage: app.storage,
      media: app.media,
      jobs: app.jobs,
      scratchDir: app.scratchDir,
      log: app.log,
      onRenditionsChanged: (trackId) => {
        trackChanged(trackId);
        holder.tracks?.forgetLists();
      },
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
      trackChanged,
    };
    const streams = new StreamsService(context);
    const listCache = app.database.kind === 'embedded' ? new TtlCache<string, Buffer>(TRACK_LIST_CACHE_MS, 1_000) : undefined;
    const tracks = new TracksService(context, listCache);
    holder.streams = streams;
    holder.tracks = tracks;
    const services = {
      tracks,
      albums: new AlbumsService(context),
      streams,
      covers: new CoversService(context),
    };

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
  { name: 'catalog', dependencies: ['database', 'session', 'storage', 'media'] },
);
