import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { CoversService } from './covers.service';
import type { PlaybackContext } from './playback-context';
import { playbackRoutes } from './playback.routes';
import { StreamsService } from './streams.service';


/**
 * Playback: streaming audio (ranges, previews, renditions made on demand), serving cover
 * thumbnails, and counting plays. Public: fans listen without an account.
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
    const streams = new StreamsService(context, app.database.kind === 'embedded');
    const covers = new CoversService(context);
    app.jobs.scheduleEvery('catalog.forget-old-plays', HOUR_MS, () => streams.forgetOld());
    await app.register(async (scope) => playbackRoutes(scope, { streams, covers }));
  },
  { name: 'playback', dependencies: ['database', 'session', 'storage', 'media'] },
);
