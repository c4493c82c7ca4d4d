import fp from 'fastify-plugin';
import { DiscoveryService } from './discovery.service';
import { DISCOVERY_TAG, discoveryRoutes } from './discovery.routes';
import { RANKING_PERIOD_MS } from './discovery.rules';

/** The scheduled job recomputing trending tracks and popular artists (once per 5 minutes, across all processes). */
export const DISCOVERY_RANK_JOB = 'discovery.rank';

declare module 'fastify' {
  interface FastifyInstance {
    discovery: DiscoveryService;
  }
}

/**
 * The landing page's carousels (routes: discovery.routes.ts). The rankings are recomputed by a
 * scheduled job that runs once per period for all processes; at startup, a list with no entry is
 * computed at once (a queued job: several processes starting together each queue one, and the
 * replacements are serialised).
 */
export const discoveryPlugin = fp(
  async (app) => {
    const service = new DiscoveryService(() => app.database.db);
    app.decorate('discovery', service);
    // New rankings (the scheduled job on whichever process ran it, forgetAnswers(), the picks CLI)
    // are told to every process as discovery.changed, which drops the kept lists (decision 053).
    app.events.on('discovery.changed', () => app.publicAnswers.drop(DISCOVERY_TAG));
    service.onRecomputed(() => app.events.emit('discovery.changed', {}));
    app.jobs.scheduleEvery(DISCOVERY_RANK_JOB, RANKING_PERIOD_MS, async () => {
      const result = await service.recompute();
      app.log.info(result, 'discovery rankings recomputed');
    });
    app.addHook('onReady', async () => {
      try {
        if (await service.hasEmptyList()) await app.jobs.enqueue(DISCOVERY_RANK_JOB, {});
      } catch (error) {
        // The scheduled run comes within 5 minutes: a failed check must not stop the server.
        app.log.warn({ err: error }, 'could not check the discovery rankings at startup');
      }
    });
    await app.register(async (scope) => discoveryRoutes(scope, service));
  },
  { name: 'discovery', dependencies: ['database'] },
);
