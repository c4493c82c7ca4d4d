import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actOnReportSchema,
  adminReportsSchema,
  dismissReportSchema,
  REPORT_MESSAGES,
  reportParamsSchema,
  reportReceivedSchema,
  reportSchema,
  reportsQuerySchema,
} from '#common/schemas/reports';
import { AppError } from '../../lib/errors';
import { knownBodyId } from '../../lib/known-id';
import { answersArePersonal } from '../../lib/no-store';
import type { ReportsService } from './reports.service';

/** Per client address: a fan reports now and then; a flood is refused (429). */
export const REPORT_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

/** POST /api/reports (issue 21, decision 059): public, no account. */
export async function reportRoutes(app: FastifyInstance, reports: ReportsService) {
  answersArePersonal(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/reports',
    {
      config: { rateLimit: REPORT_RATE_LIMIT },
      // A malformed itemId is the same 404 as an unknown item (decision 076).
      preHandler: knownBodyId('report.item-not-found', 'itemId'),
      schema: { body: reportSchema, response: { 202: reportReceivedSchema } },
    },
    async (request, reply) => {
      await reports.report(request.body);
      return reply.code(202).send({ message: REPORT_MESSAGES.received });
    },
  );
}

function actorOf(request: FastifyRequest) {
  if (!request.operator) throw new AppError('admin.forbidden');
  return request.operator.actor;
}

/** The console's reports queue: inside the console's guarded scope (admin.plugin.ts). */
export async function reportConsoleRoutes(app: FastifyInstance, reports: ReportsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/admin/reports', { schema: { querystring: reportsQuerySchema, response: { 200: adminReportsSchema } } }, async (request) => ({
    reports: await reports.list(request.query.status),
  }));
  routes.post('/api/admin/reports/:reportId/action', { schema: { params: reportParamsSchema, body: actOnReportSchema } }, async (request, reply) => {
    await reports.close(actorOf(request), request.params.reportId, 'actioned', request.body.note);
    return reply.code(204).send();
  });
  routes.post('/api/admin/reports/:reportId/dismiss', { schema: { params: reportParamsSchema, body: dismissReportSchema } }, async (request, reply) => {
    await reports.close(actorOf(request), request.params.reportId, 'dismissed', request.body.note);
    return reply.code(204).send();
  });
}
