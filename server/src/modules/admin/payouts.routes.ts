import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consolePayoutsSchema, payoutParamsSchema, payoutRetryResultSchema, payoutRetrySchema } from '#common/schemas/console';
import { AppError } from '../../lib/errors';
import type { ConsolePayouts } from './payouts.service';

function actorOf(request: FastifyRequest) {
  if (!request.operator) throw new AppError('admin.forbidden');
  return request.operator.actor;
}

/** GET /api/admin/payouts, POST /api/admin/payouts/{reference}/retry: inside the console's guarded scope. */
export async function payoutConsoleRoutes(app: FastifyInstance, payouts: ConsolePayouts) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/admin/payouts', { schema: { response: { 200: consolePayoutsSchema } } }, async () => ({ payouts: await payouts.list() }));
  routes.post(
    '/api/admin/payouts/:reference/retry',
    { schema: { params: payoutParamsSchema, body: payoutRetrySchema, response: { 200: payoutRetryResultSchema } } },
    async (request) => payouts.retry(actorOf(request), request.params.reference, request.body.reason),
  );
}
