import type { FastifyRequest } from 'fastify';
import { isUuid } from '#common/ids';
import { AppError, type ErrorCode } from './errors';

/**
 * The one place an id's shape is checked (docs/decisions/061, 076): a value that is not a UUID
 * cannot name a row, so it answers the caller's own not-found error, the same 404 an unknown id
 * gets. Returns the id, for a handler that checks it itself (checkedId below).
 */
export function checkedId(value: unknown, notFound: ErrorCode): string {
  if (!wellFormedId(value)) throw new AppError(notFound);
  return value;
}

/**
 * Whether a value could name a row, for a route whose answer to an id naming nothing is not an
 * error (decision 079: POST /api/purchases/resend answers the same either way).
 */
export function wellFormedId(value: unknown): value is string {
  return typeof value === 'string' && isUuid(value);
}

/**
 * The item a purchase body names (`trackId`, else `albumId`), its id checked as checkedId does: the
 * unknown track's or album's 404 for an id that cannot name one (decision 079).
 */
export function checkedItemId(body: { trackId?: string; albumId?: string }): void {
  if (body.trackId) checkedId(body.trackId, 'track.not-found');
  else checkedId(body.albumId, 'album.not-found');
}

/**
 * A route's id checked once, at the boundary (docs/decisions/061): a preHandler answering the
 * route's own not-found error for an id that cannot name a row, so the services behind it never
 * see a malformed id (PostgreSQL's uuid type would refuse it with a 500). Placed after
 * requireUser, a signed-out caller still hears 401 first.
 */
export function knownId(notFound: ErrorCode, param = 'id') {
  return async function knownIdGuard(request: FastifyRequest): Promise<void> {
    checkedId((request.params as Record<string, unknown>)[param], notFound);
  };
}

/**
 * The same for an id inside a JSON body (decision 076): runs after the body schema (a preHandler),
 * so a body refused by its schema is still 400 first, and the id it reads is the schema's (trimmed).
 * Not a zod refinement: that would answer 400 `form.invalid`, and a malformed id has always been
 * the same 404 as an unknown one.
 */
export function knownBodyId(notFound: ErrorCode, field: string) {
  return async function knownBodyIdGuard(request: FastifyRequest): Promise<void> {
    checkedId((request.body as Record<string, unknown> | undefined)?.[field], notFound);
  };
}
