import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { analyticsSchema, dailyAnalyticsQuerySchema, dailyAnalyticsSchema } from '#common/schemas/analytics';
import { requireUser, signedInUser } from '../auth';
import { answersArePersonal } from '../../lib/no-store';
import { TtlCache } from '../../lib/ttl-cache';
import type { AnalyticsService } from './analytics.service';

/**
 * Statistics need not be exact to the second: each process keeps an artist's answers for
 * ANSWER_TTL_MS (docs/decisions/030). Without it every visit summed up to 15,000 rollup rows and a
 * busy dashboard would cost the database most; with it an artist refreshing the page costs
 * nothing. Keys carry a per-artist generation, bumped by that artist's events.
 */
const ANSWER_TTL_MS = 15_000;

export class ArtistAnswers {
  private readonly cache = new TtlCache<string, string>(ANSWER_TTL_MS, 10_000);
  private readonly generations = new LRUCache<string, number>({ max: 10_000 });

  generationOf(userId: string): string {
    return `${userId}:${this.generations.get(userId) ?? 0}`;
  }

  forget(userId: string) {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }

  /** Events of other processes may have been missed (docs/decisions/053): nothing kept is trusted. */
  forgetAll() {
    this.cache.clear();
  }

  get(key: string, load: () => Promise<string>): Promise<string> {
    return this.cache.get(key, load);
  }
}

/**
 * GET /api/analytics (the spec's cards) and GET /api/analytics/daily?days=30 (the chart and the
 * per-track table), for the signed-in artist. Reads only.
 */
export async function analyticsRoutes(app: FastifyInstance, service: AnalyticsService, answers: ArtistAnswers) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
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
}
