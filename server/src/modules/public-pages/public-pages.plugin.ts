import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { ListenerHasher } from '../playback';
import { embedsRoutes } from './embeds.routes';
import { publicPagesRoutes } from './public-pages.routes';
import { PublicPagesService } from './public-pages.service';

declare module 'fastify' {
  interface FastifyInstance {
    publicPages: {
      /** Resolves once every profile view counted so far is stored (views are counted after the answer). */
      viewsCounted(): Promise<void>;
    };
  }
}

/**
 * The public read API (issue 8): GET /api/profile/{identifier}, /api/track-detail/{trackId},
 * /api/album-detail/{albumId}, /sitemap.xml and /robots.txt; the embeddable players and oEmbed (issue 17).
 * The three reads are kept serialised in app.publicAnswers, dropped by the events that change them,
 * and profile views are counted in batches off the read path (docs/decisions/052).
 */
export const publicPagesPlugin = fp(
  async (app) => {
    const pages = new PublicPagesService({
      db: () => app.database.db,
      log: app.log,
      publicUrl: app.config.publicUrl,
      viewers: new ListenerHasher(() => app.database.db),
    });
    app.decorate('publicPages', { viewsCounted: () => pages.viewsCounted() });
    // Registered after the database plugin, so this runs before the database closes.
    app.addHook('onClose', () => pages.close());
    app.jobs.scheduleEvery('public-pages.forget-old-views', HOUR_MS, () => pages.forgetOld());
    await app.register(async (scope) => publicPagesRoutes(scope, pages));
    await app.register(async (scope) => embedsRoutes(scope, pages, app.config.publicUrl));
  },
  { name: 'public-pages', dependencies: ['database', 'session'] },
);
