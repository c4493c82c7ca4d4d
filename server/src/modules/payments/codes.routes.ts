import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeBatchSchema, codeBatchesResponseSchema, createCodesSchema, redeemCodeResponseSchema, redeemCodeSchema } from '#common/schemas/codes';
import { requireUser, signedInUser } from '../auth';
import { checkedId } from '../../lib/known-id';
import { answersArePersonal } from '../../lib/no-store';
import { requestLanguage } from '../../plugins/language';
import type { CodesService } from './codes.service';
import { buyerKeyOf } from './payments.routes';

/** Per client address, every redeem call (failed guesses have their own, tighter count: CODE_GUESS_LIMITS). */
export const CODE_RATE_LIMITS = {
  redeem: { max: 30, timeWindow: '1 minute' },
  create: { max: 30, timeWindow: '1 minute' },
} as const;

/**
 * POST /api/codes and GET /api/codes (the signed-in artist's own codes), POST /api/codes/redeem
 * (public: a fan without an account). Answers are personal: no-store.
 */
export async function codeRoutes(app: FastifyInstance, codes: CodesService) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/codes',
    { preHandler: requireUser, config: { rateLimit: CODE_RATE_LIMITS.create }, schema: { body: createCodesSchema, response: { 201: codeBatchSchema } } },
    async (request, reply) => {
      const sellerId = (await signedInUser(request)).id;
      checkedId(request.body.itemId, request.body.itemType === 'track' ? 'track.not-found' : 'album.not-found');
      return reply.code(201).send(await codes.create(sellerId, request.body));
    },
  );

  routes.get('/api/codes', { preHandler: requireUser, schema: { response: { 200: codeBatchesResponseSchema } } }, async (request) => ({
    batches: await codes.list((await signedInUser(request)).id),
  }));

  routes.post(
    '/api/codes/redeem',
    { config: { rateLimit: CODE_RATE_LIMITS.redeem }, schema: { body: redeemCodeSchema, response: { 200: redeemCodeResponseSchema } } },
    async (request, reply) => codes.redeem(request.body, request.ip, () => buyerKeyOf(app, request, reply), requestLanguage(request)),
  );
}
