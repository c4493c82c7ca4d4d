import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  myTakedownsSchema,
  restoreQuerySchema,
  takedownBodySchema,
  takedownCandidatesSchema,
  takedownFindQuerySchema,
  takedownListSchema,
  takedownParamsSchema,
  takedownSchema,
} from '#common/schemas/takedowns';
import { AppError } from '../../lib/errors';
import { answersArePersonal } from '../../lib/no-store';
import type { TakedownsService } from './takedowns.service';

/**
 * The console's takedowns (decision 058), registered inside the console's guarded scope: the
 * guard (admin.routes.ts) has answered 401/403 before anything here runs.
 */
export async function takedownRoutes(app: FastifyInstance, takedowns: TakedownsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: { operator: { actor: { id: string; email: string } } | undefined }) => {
    if (!request.operator) throw new AppError('admin.forbidden');
    return request.operator.actor;
  };

  routes.get('/api/admin/takedowns', { schema: { response: { 200: takedownListSchema } } }, async () => ({ takedowns: await takedowns.list() }));

  routes.get('/api/admin/takedowns/find', { schema: { querystring: takedownFindQuerySchema, response: { 200: takedownCandidatesSchema } } }, async (request) => ({
    items: await takedowns.find(request.query.q),
  }));

  routes.post('/api/admin/takedowns', { schema: { body: takedownBodySchema, response: { 200: takedownSchema } } }, async (request) => {
    const { itemType, itemId, reason } = request.body;
    return takedowns.takeDown(actorOf(request), itemType, itemId.toLowerCase(), reason);
  });

  routes.delete(
    '/api/admin/takedowns/:itemType/:itemId',
    { schema: { params: takedownParamsSchema, querystring: restoreQuerySchema } },
    async (request, reply) => {
      await takedowns.restore(actorOf(request), request.params.itemType, request.params.itemId.toLowerCase(), request.query.reason || undefined);
      return reply.code(204).send();
    },
  );
}

/** GET /api/takedowns/mine: the signed-in artist's items taken down, with the reasons (their dashboard). */
export async function artistTakedownRoutes(app: FastifyInstance, takedowns: TakedownsService) {
  await app.register(async (scope) => {
    answersArePersonal(scope);
    scope.withTypeProvider<ZodTypeProvider>().get('/api/takedowns/mine', { schema: { response: { 200: myTakedownsSchema } } }, async (request) => {
      const user = await request.currentUser();
      if (!user) throw new AppError('auth.required');
      return { takedowns: await takedowns.mine(user.id) };
    });
  });
}
