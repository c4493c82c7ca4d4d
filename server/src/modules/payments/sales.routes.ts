import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { artistSalesResponseSchema, salesFilterSchema, salesQuerySchema, salesSummarySchema } from '#common/schemas/sales';
import { statementFilename } from '#common/statement';
import { requireUser, signedInUser } from '../auth';
import { AppError } from '../../lib/errors';
import { checkedId } from '../../lib/known-id';
import { answersArePersonal } from '../../lib/no-store';
import { decodeCursor } from './sales-cursor';
import type { SalesService } from './sales.service';

/**
 * A sales query checked at the boundary (decision 079), in the order it has always answered: a
 * bad cursor (400), then two items named (400), then an item id that cannot name one (the
 * unknown item's 404). The service sees a decoded cursor and well-formed ids only.
 */
function checkedSalesQuery<Q extends { trackId?: string; albumId?: string; cursor?: string }>(query: Q) {
  const { cursor, ...rest } = query;
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (query.trackId && query.albumId) throw new AppError('sales.one-filter');
  if (query.trackId) checkedId(query.trackId, 'track.not-found');
  else if (query.albumId) checkedId(query.albumId, 'album.not-found');
  return { ...rest, after };
}

/**
 * GET /api/sales, GET /api/sales.csv and GET /api/sales/summary (issue 16): the signed-in artist's
 * own sales, never anyone else's (every query is bound to the session's user). Personal: no-store.
 */
export async function salesRoutes(app: FastifyInstance, sales: SalesService) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/sales', { preHandler: requireUser, schema: { querystring: salesQuerySchema, response: { 200: artistSalesResponseSchema } } }, async (request) =>
    sales.list((await signedInUser(request)).id, checkedSalesQuery(request.query)),
  );

  routes.get('/api/sales/summary', { preHandler: requireUser, schema: { response: { 200: salesSummarySchema } } }, async (request) =>
    sales.summary((await signedInUser(request)).id),
  );

  // The statement streams in keyset batches: thousands of sales never sit in memory at once.
  routes.get('/api/sales.csv', { preHandler: requireUser, schema: { querystring: salesFilterSchema } }, async (request, reply) => {
    const sellerId = (await signedInUser(request)).id;
    const filter = await sales.filterOf(sellerId, checkedSalesQuery(request.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${statementFilename(new Date())}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(sales.statement(sellerId, filter)));
  });
}
