import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#common/schemas/auth';
import { LIBRARY_HINT_COOKIE } from '#common/session-hint';
import { LIBRARY_MESSAGES, libraryLinkSchema, libraryResponseSchema, librarySessionSchema } from '#common/schemas/library';
import { LIBRARY_COOKIE } from '../../lib/purchase-grants';
import { LIBRARY_SESSION_TTL_MS, type LibraryService } from './library.service';
import { answersArePersonal } from '../../lib/no-store';
import { requestLanguage } from '../../plugins/language';

/**
 * Per client address. Asking for a link mails someone, so it is held like the other mail-sending
 * calls (the per-address limit is the service's); opening one is a few tries at most.
 */
export const LIBRARY_RATE_LIMITS = {
  link: { max: 10, timeWindow: '15 minutes' },
  session: { max: 20, timeWindow: '15 minutes' },
  read: { max: 120, timeWindow: '1 minute' },
} as const;

/**
 * POST /api/library/link, POST /api/library/session, GET /api/library, POST /api/library/sign-out
 * (issue 17). Public: a fan has no account. Answers are personal: no-store.
 */
export async function libraryRoutes(app: FastifyInstance, library: LibraryService) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = new URL(app.config.publicUrl).protocol === 'https:';

  routes.post(
    '/api/library/link',
    { config: { rateLimit: LIBRARY_RATE_LIMITS.link }, schema: { body: libraryLinkSchema, response: { 202: messageResponseSchema } } },
    async (request, reply) => {
      await library.requestLink(request.body.email, requestLanguage(request));
      return reply.code(202).send({ message: LIBRARY_MESSAGES.linkSent });
    },
  );

  routes.post(
    '/api/library/session',
    { config: { rateLimit: LIBRARY_RATE_LIMITS.session }, schema: { body: librarySessionSchema, response: { 200: libraryResponseSchema } } },
    async (request, reply) => {
      const { key } = await library.openSession(request.body.token);
      reply.setCookie(LIBRARY_COOKIE, key, { httpOnly: true, sameSite: 'lax', secure, path: '/api', maxAge: LIBRARY_SESSION_TTL_MS / 1000 });
      // The page's script reads this one: without it /library asks nothing (decision 089).
      reply.setCookie(LIBRARY_HINT_COOKIE, '1', { sameSite: 'lax', secure, path: '/', maxAge: LIBRARY_SESSION_TTL_MS / 1000 });
      return library.library(key);
    },
  );

  routes.get('/api/library', { config: { rateLimit: LIBRARY_RATE_LIMITS.read }, schema: { response: { 200: libraryResponseSchema } } }, async (request) =>
    library.library(request.cookies[LIBRARY_COOKIE]),
  );

  routes.post('/api/library/sign-out', { config: { rateLimit: LIBRARY_RATE_LIMITS.read } }, async (request, reply) => {
    await library.signOut(request.cookies[LIBRARY_COOKIE]);
    reply.clearCookie(LIBRARY_COOKIE, { path: '/api' });
    reply.clearCookie(LIBRARY_HINT_COOKIE, { path: '/' });
    return reply.code(204).send();
  });
}
