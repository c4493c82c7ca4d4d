import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, when it completes (method, path, status, time), instead of
 * Fastify's two: each JSON line and its write cost a measurable share of a small answer
 * (docs/decisions/018 and 023). Routes may opt out with `config: { accessLog: false }`: a player
 * asks for one track in many ranges. A request that fails is still logged, on every route.
 */
export class AccessLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (request.routeOptions.config.accessLog !== false) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no access-log line for this route's successful requests. */
    accessLog?: boolean;
  }
}
