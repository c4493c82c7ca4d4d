import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addPickSchema,
  adminStatusSchema,
  auditPageSchema,
  auditQuerySchema,
  enrolConfirmSchema,
  enrolmentDoneSchema,
  enrolmentStartSchema,
  movePickSchema,
  picksSchema,
  removePickQuerySchema,
  trackParamsSchema,
  trackSearchQuerySchema,
  trackSearchSchema,
  verifiedSchema,
  verifySchema,
} from '#common/schemas/admin';
import { AppError } from '../../lib/errors';
import { answersArePersonal } from '../../lib/no-store';
import { sessionIdHashOf } from '../auth';
import type { OperatorAccess } from './admin.repo';
import type { AdminService } from './admin.service';
import type { Actor } from './operators.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The console's guard (decision 051): 'second-factor' routes (enrolment, verification, the
     * operator's own status) open to any operator; every other console route needs a second factor
     * verified in this session within 12 hours.
     */
    adminStep?: 'second-factor';
  }
  interface FastifyRequest {
    operator: { actor: Actor; sessionIdHash: string; access: OperatorAccess } | undefined;
  }
}

/** Per client address, beside the per-operator count of attempts at a code (the service). */
const CODE_RATE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

function operatorOf(request: FastifyRequest) {
  if (!request.operator) throw new AppError('admin.forbidden');
  return request.operator;
}

/**
 * /api/admin/...: the operator's console. A guard on every route answers before anything else is
 * read (the body, the parameters): 401 signed out, 403 with no data to anyone not an operator,
 * 403 to an operator without a fresh second factor.
 */
export async function adminRoutes(app: FastifyInstance, admin: AdminService) {
  answersArePersonal(app);
  app.decorateRequest('operator', undefined);
  app.addHook('onRequest', async (request) => {
    const user = await request.currentUser();
    const sessionIdHash = sessionIdHashOf(request);
    if (!user || !sessionIdHash) throw new AppError('auth.required');
    const access = await admin.operators.access(user.id, sessionIdHash);
    if (!access) throw new AppError('admin.forbidden');
    if (request.routeOptions.config.adminStep !== 'second-factor' && !access.fresh) throw new AppError('admin.second-factor-required');
    request.operator = { actor: { id: user.id, email: user.email }, sessionIdHash, access };
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const open = { adminStep: 'second-factor' } as const;

  routes.get('/api/admin/me', { config: open, schema: { response: { 200: adminStatusSchema } } }, async (request) => {
    const { actor, access } = operatorOf(request);
    return admin.secondFactor.status(actor, access);
  });

  routes.post('/api/admin/enrolment', { config: open, schema: { response: { 200: enrolmentStartSchema } } }, async (request) => {
    return admin.secondFactor.startEnrolment(operatorOf(request).actor);
  });

  routes.post(
    '/api/admin/enrolment/confirm',
    { config: { ...open, rateLimit: CODE_RATE_LIMIT }, schema: { body: enrolConfirmSchema, response: { 200: enrolmentDoneSchema } } },
    async (request) => {
      const { actor, sessionIdHash } = operatorOf(request);
      return admin.secondFactor.confirmEnrolment(actor, sessionIdHash, request.body.code);
    },
  );

  routes.post(
    '/api/admin/verify',
    { config: { ...open, rateLimit: CODE_RATE_LIMIT }, schema: { body: verifySchema, response: { 200: verifiedSchema } } },
    async (request) => {
      const { actor, sessionIdHash } = operatorOf(request);
      return admin.secondFactor.verify(actor, sessionIdHash, request.body);
    },
  );

  routes.get('/api/admin/picks', { schema: { response: { 200: picksSchema } } }, async () => ({ picks: await admin.picks.list() }));

  routes.post('/api/admin/picks', { schema: { body: addPickSchema, response: { 200: picksSchema } } }, async (request) => {
    const { trackId, position, reason } = request.body;
    return { picks: await admin.picks.add(operatorOf(request).actor, trackId, position, reason) };
  });

  routes.put('/api/admin/picks/:trackId', { schema: { params: trackParamsSchema, body: movePickSchema, response: { 200: picksSchema } } }, async (request) => {
    return { picks: await admin.picks.move(operatorOf(request).actor, request.params.trackId, request.body.position, request.body.reason) };
  });

  routes.delete(
    '/api/admin/picks/:trackId',
    { schema: { params: trackParamsSchema, querystring: removePickQuerySchema, response: { 200: picksSchema } } },
    async (request) => ({ picks: await admin.picks.remove(operatorOf(request).actor, request.params.trackId, request.query.reason) }),
  );

  routes.get('/api/admin/tracks', { schema: { querystring: trackSearchQuerySchema, response: { 200: trackSearchSchema } } }, async (request) => ({
    tracks: await admin.picks.searchTracks(request.query.q),
  }));

  routes.get('/api/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) =>
    admin.auditLog.page(request.query.before === undefined ? undefined : Number(request.query.before), request.query.limit),
  );
}
