import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleRefundResultSchema, consoleRefundSchema, consoleSalesSchema, saleParamsSchema, saleSearchQuerySchema } from '#common/schemas/console';
import { AppError } from '../../lib/errors';
import type { ConsoleRefunds } from './refunds.service';

function actorOf(request: FastifyRequest) {
  if (!request.operator) throw new AppError('admin.forbidden');
  return request.operator.actor;
}

/** GET /api/admin/sales?q=, POST /api/admin/sales/{reference}/refund: inside the console's guarded scope. */
export async function refundConsoleRoutes(app: FastifyInstance, refunds: ConsoleRefunds) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/admin/sales', { schema: { querystring: saleSearchQuerySchema, response: { 200: consoleSalesSchema } } }, async (request) => ({
    sales: await refunds.search(request.query.q),
  }));
  routes.post(
    '/api/admin/sales/:reference/refund',
    { schema: { params: saleParamsSchema, body: consoleRefundSchema, response: { 200: consoleRefundResultSchema } } },
    async (request) => {
      const outcome = await refunds.refund(actorOf(request), request.params.reference, request.body.reason, request.body.amount);
      return { reference: outcome.reference, amount: outcome.amount, status: outcome.status, providerMessage: outcome.providerMessage };
    },
  );
}
