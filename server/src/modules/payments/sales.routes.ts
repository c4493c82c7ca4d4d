import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { artistSalesResponseSchema, salesFilterSchema, salesQuerySchema, salesSummarySchema } from '#common/schemas/sales';
import { statementFilename } from '#common/statement';
import { requireUser, signedInUser } from '../auth';
import type { SalesService } from './sales.service';
import { answersArePersonal } from '../../lib/no-store';

/**
 * GET /api/sales, GET /api/sales.csv and GET /api/sales/summary (issue 16): the signed-in artist's
 * own sales, never anyone else's (every query is bound to the session's user). Personal: no-store.
 */
export async function salesRoutes(app: FastifyInstance, sales: SalesService) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/sales', { preHandler: requireUser, schema: { querystring: salesQuerySchema, response: { 200: artistSalesResponseSchema } } }, async (request) =>
    sales.list((await signedInUser(request)).id, request.query),
  );

  routes.get('/api/sales/summary', { preHandler: requireUser, schema: { response: { 200: salesSummarySchema } } }, async (request) =>
    sales.summary((await signedInUser(request)).id),
  );

  // The statement streams in keyset batches: thousands of sales never sit in memory at once.
  routes.get('/api/sales.csv', { preHandler: requireUser, schema: { querystring: salesFilterSchema } }, async (request, reply) => {
    const sellerId = (await signedInUser(request)).id;
    const filter = await sales.filterOf(sellerId, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${statementFilename(new Date())}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(sales.statement(sellerId, filter)));
  });
}
