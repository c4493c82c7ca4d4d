import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsSchema, dailyAnalyticsQuerySchema, dailyAnalyticsSchema } from '#common/schemas/analytics';
import { requireUser, signedInUser } from '../auth';
import { storageUsed } from '../catalog';
import { TtlCache } from '../../lib/ttl-cache';
import { AnalyticsService } from './analytics.service';
import { noSalesYet } from './sales-figures';

/**
 * Statistics need not be exact to the second: each process keeps an artist's answers for
 * ANSWER_TTL_MS (docs/decisions/030). Without it every visit summed up to 15,000 rollup rows and a
 * busy dashboard would cost the database most; with it an artist refreshing the page costs
 * nothing. Keys carry a per-artist generation, bumped by that artist's events.
 */
const ANSWER_TTL_MS = 15_000;

class ArtistAnswers {
  private readonly cache = new TtlCache<string, unknown>(ANSWER_TTL_MS, 10_000);
  private readonly generations = new LRUCache<string, number>({ max: 10_000 });

  generationOf(userId: string): string {
    return `${userId}:${this.generations.get(userId) ?? 0}`;
  }

  forget(userId: string) {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }
}

/**
 * GET /api/analytics (the spec's cards) and GET /api/analytics/daily?days=30 (the chart and the
 * per-track table), for the signed-in artist. Reads only.
 */
export const analyticsPlugin = fp(
  async (app) => {
    const service = new AnalyticsService({
      db: () => app.database.db,
      storageUsed,
      // Read at request time: the payments module may decorate the app after this plugin.
      sales: () => (app.hasDecorator('salesFigures') ? app.salesFigures : noSalesYet),
    });
    const answers = new ArtistAnswers();
    // This process's own counts and edits show at once; another process's within ANSWER_TTL_MS.
    for (const event of ['track.played', 'track.downloaded', 'track.changed', 'album.changed', 'user.changed'] as const) {
      app.events.on(event, ({ userId }) => answers.forget(userId));
    }
    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      routes.get('/api/analytics', { preHandler: requireUser, schema: { response: { 200: analyticsSchema } } }, async (request) => {
        const userId = (await signedInUser(request)).id;
        return answers.get(`${answers.generationOf(userId)}:summary`, () => service.summary(userId));
      });
      routes.get(
        '/api/analytics/daily',
        { preHandler: requireUser, schema: { querystring: dailyAnalyticsQuerySchema, response: { 200: dailyAnalyticsSchema } } },
        async (request) => {
          const userId = (await signedInUser(request)).id;
          const days = request.query.days;
          return answers.get(`${answers.generationOf(userId)}:daily:${days ?? ''}`, () => service.daily(userId, days));
        },
      );
    });
  },
  { name: 'analytics', dependencies: ['database', 'session'] },
);
