import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's "incoming request" / "request completed" lines, except on routes that opt out with
 * `config: { accessLog: false }`: a player asks for one track in many ranges, and two JSON lines
 * and two writes each cost a sixth of a range answer (docs/decisions/018). A request that fails
 * is still logged, on every route.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (request.routeOptions.config.accessLog === false) return;
    super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && request.routeOptions.config.accessLog === false) return;
    super.requestCompleted(error, request, reply);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no access-log lines for this route's successful requests. */
    accessLog?: boolean;
  }
}
