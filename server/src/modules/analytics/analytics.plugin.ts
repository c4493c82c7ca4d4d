import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsSchema, dailyAnalyticsQuerySchema, dailyAnalyticsSchema } from '#common/schemas/analytics';
import { requireUser, signedInUser } from '../auth';
import { storageUsed } from '../catalog';
import { TtlCache } from '../../lib/ttl-cache';
import { AnalyticsService } from './analytics.service';
import { answersArePersonal } from '../../lib/no-store';

/**
 * Statistics need not be exact to the second: each process keeps an artist's answers for
 * ANSWER_TTL_MS (docs/decisions/030). Without it every visit summed up to 15,000 rollup rows and a
 * busy dashboard would cost the database most; with it an artist refreshing the page costs
 * nothing. Keys carry a per-artist generation, bumped by that artist's events.
 */
const ANSWER_TTL_MS = 15_000;

class ArtistAnswers {
  private readonly cache = new TtlCache<string, string>(ANSWER_TTL_MS, 10_000);
  private readonly generations = new LRUCache<string, number>({ max: 10_000 });

  generationOf(userId: string): string {
    return `${userId}:${this.generations.get(userId) ?? 0}`;
  }

  forget(userId: string) {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }

  get(key: string, load: () => Promise<string>): Promise<string> {
    return this.cache.get(key, load);
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
      sales: () => app.salesFigures,
      followers: (userId) => app.follows.followerCount(userId),
    });
    const answers = new ArtistAnswers();
    // This process's own counts and edits show at once; another process's within ANSWER_TTL_MS.
    for (const event of ['track.played', 'track.downloaded', 'track.changed', 'album.changed', 'user.changed'] as const) {
      app.events.on(event, ({ userId }) => answers.forget(userId));
    }
    app.events.on('purchase.completed', ({ sellerId }) => answers.forget(sellerId));
    app.events.on('purchase.refunded', ({ sellerId }) => answers.forget(sellerId));
    app.events.on('follow.changed', ({ userId }) => answers.forget(userId));
    await app.register(async (scope) => {
      answersArePersonal(scope);
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      // Answers are kept serialised (checked against their schema once): the daily one is ~50 KB.
      const json = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);
      routes.get('/api/analytics', { preHandler: requireUser }, async (request, reply) => {
        const userId = (await signedInUser(request)).id;
        const key = `${answers.generationOf(userId)}:summary`;
        return json(reply, await answers.get(key, async () => JSON.stringify(analyticsSchema.parse(await service.summary(userId)))));
      });
      routes.get('/api/analytics/daily', { preHandler: requireUser, schema: { querystring: dailyAnalyticsQuerySchema } }, async (request, reply) => {
        const userId = (await signedInUser(request)).id;
        const days = request.query.days;
        const key = `${answers.generationOf(userId)}:daily:${days ?? ''}`;
        return json(reply, await answers.get(key, async () => JSON.stringify(dailyAnalyticsSchema.parse(await service.daily(userId, days)))));
      });
    });
  },
  { name: 'analytics', dependencies: ['payments', 'follows', 'database', 'session'] },
);
