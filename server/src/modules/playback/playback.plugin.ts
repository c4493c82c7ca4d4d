import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { CoversService } from './covers.service';
import { downloadRoutes } from './download.routes';
import { DownloadsService } from './downloads.service';
import type { PlaybackContext } from './playback-context';
import { playbackRoutes } from './playback.routes';
import { StreamsService } from './streams.service';


/**
 * Playback: streaming audio (ranges, previews, renditions made on demand), serving cover
 * thumbnails, counting plays, and free downloads (a track's original, an album's ZIP) with their
 * counts. Public: fans listen and download without an account.
 */
export const playbackPlugin = fp(
  async (app) => {
    const context: PlaybackContext = {
      db: () => app.database.db,
      storage: app.storage,
      work: app.mediaWork,
      log: app.log,
      events: app.events,
    };
    // One process sees every change only in embedded mode (the DATA_DIR lock): only there may it cache.
    const streams = new StreamsService(context);
    const covers = new CoversService(context);
    const downloads = new DownloadsService(context);
    app.jobs.scheduleEvery('catalog.forget-old-plays', HOUR_MS, () => streams.forgetOld());
    await app.register(async (scope) => playbackRoutes(scope, { streams, covers }));
    await app.register(async (scope) => downloadRoutes(scope, downloads));
  },
  { name: 'playback', dependencies: ['payments', 'database', 'session', 'storage', 'media'] },
);
