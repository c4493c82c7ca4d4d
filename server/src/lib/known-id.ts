import type { FastifyRequest } from 'fastify';
import { isUuid } from '#common/ids';
import { AppError, type ErrorCode } from './errors';

/**
 * A route's id checked once, at the boundary (docs/decisions/061): a preHandler answering the
 * route's own not-found error for an id that cannot name a row, so the services behind it never
 * see a malformed id (PostgreSQL's uuid type would refuse it with a 500). Placed after
 * requireUser, a signed-out caller still hears 401 first.
 */
export function knownId(notFound: ErrorCode, param = 'id') {
  return async function knownIdGuard(request: FastifyRequest): Promise<void> {
    const value = (request.params as Record<string, unknown>)[param];
    if (typeof value !== 'string' || !isUuid(value)) throw new AppError(notFound);
  };
}
