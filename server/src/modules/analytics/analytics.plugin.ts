import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsSchema, dailyAnalyticsQuerySchema, dailyAnalyticsSchema } from '#common/schemas/analytics';
import { requireUser, signedInUser } from '../auth';
import { storageUsed } from '../catalog';
import { AnalyticsService } from './analytics.service';
import { noSalesYet } from './sales-figures';

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
    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      routes.get('/api/analytics', { preHandler: requireUser, schema: { response: { 200: analyticsSchema } } }, async (request) =>
        service.summary((await signedInUser(request)).id),
      );
      routes.get(
        '/api/analytics/daily',
        { preHandler: requireUser, schema: { querystring: dailyAnalyticsQuerySchema, response: { 200: dailyAnalyticsSchema } } },
        async (request) => service.daily((await signedInUser(request)).id, request.query.days),
      );
    });
  },
  { name: 'analytics', dependencies: ['database', 'session'] },
);
