import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#common/schemas/auth';
import { FOLLOW_MESSAGES, followConfirmedSchema, followSchema, followTokenSchema } from '#common/schemas/follows';
import { AppError } from '../../lib/errors';
import { knownBodyId } from '../../lib/known-id';
import type { FollowsService } from './follows.service';
import { answersArePersonal } from '../../lib/no-store';
import { requestLanguage } from '../../plugins/language';

/** Per client address: following mails someone, like the other mail-sending calls. */
export const FOLLOW_RATE_LIMITS = {
  follow: { max: 10, timeWindow: '15 minutes' },
  token: { max: 30, timeWindow: '15 minutes' },
} as const;

/**
 * POST /api/follows, /api/follows/confirm and /api/follows/unsubscribe (issue 17). Public: a fan
 * has no account.
 */
export async function followRoutes(app: FastifyInstance, follows: FollowsService) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/follows',
    {
      config: { rateLimit: FOLLOW_RATE_LIMITS.follow },
      // A malformed artistId is the same 404 as an unknown artist (decision 076).
      preHandler: knownBodyId('follow.artist-not-found', 'artistId'),
      schema: { body: followSchema, response: { 202: messageResponseSchema } },
    },
    async (request, reply) => {
      await follows.follow(request.body, requestLanguage(request));
      return reply.code(202).send({ message: FOLLOW_MESSAGES.requested });
    },
  );

  routes.post(
    '/api/follows/confirm',
    { config: { rateLimit: FOLLOW_RATE_LIMITS.token }, schema: { body: followTokenSchema, response: { 200: followConfirmedSchema } } },
    async (request) => follows.confirm(request.body.token),
  );

  /*
   * The unsubscribe page POSTs JSON {token}; a mail client's one-click unsubscribe (RFC 8058) POSTs
   * "List-Unsubscribe=One-Click" as a form to the List-Unsubscribe address, the token in its query,
   * from its own servers: no cookie, no Origin, perhaps another site's Sec-Fetch-Site. Only this
   * route takes a form body and is let past the same-origin rule; what it can do is end the follow
   * whose unguessable token it carries.
   */
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    scope.post('/api/follows/unsubscribe', { config: { rateLimit: FOLLOW_RATE_LIMITS.token, crossSiteAllowed: true } }, async (request) => {
      const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
      const fromBody = (request.body as { token?: unknown } | null | undefined)?.token;
      const parsed = followTokenSchema.safeParse({ token: fromQuery ?? fromBody });
      if (!parsed.success) throw new AppError('follow.link-invalid');
      await follows.unsubscribe(parsed.data.token);
      return { message: FOLLOW_MESSAGES.unsubscribed };
    });
  });
}
