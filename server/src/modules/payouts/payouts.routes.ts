import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_MESSAGES,
  bankMethodSchema,
  banksResponseSchema,
  mobileMoneyMethodSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
  paymentMethodsResponseSchema,
  removePaymentMethodQuerySchema,
} from '#common/schemas/payments';
import { payoutsResponseSchema } from '#common/schemas/sales';
import { requireUser, signedInUser } from '../auth';
import { knownId } from '../../lib/known-id';
import type { PaymentMethodsService } from './payment-methods.service';
import type { PayoutsService } from './transfers.service';
import { answersArePersonal } from '../../lib/no-store';

const removedResponseSchema = z.object({ message: z.string() });

/**
 * GET /api/banks, GET/POST /api/payment-methods, POST /api/payment-methods/mobile-money and
 * DELETE /api/payment-methods/{id} (signed in). They answer the artist's own data: never cached.
 */
export async function paymentMethodRoutes(app: FastifyInstance, methods: PaymentMethodsService, payouts: PayoutsService) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Issue 16: the artist's balance, next M-Pesa payout and payouts (payouts-view.ts defines the figures).
  routes.get('/api/payouts', { preHandler: requireUser, schema: { response: { 200: payoutsResponseSchema } } }, async (request) =>
    payouts.view((await signedInUser(request)).id),
  );

  routes.get('/api/banks', { preHandler: requireUser, schema: { response: { 200: banksResponseSchema } } }, async () => methods.banks());

  routes.get('/api/payment-methods', { preHandler: requireUser, schema: { response: { 200: paymentMethodsResponseSchema } } }, async (request) =>
    methods.list((await signedInUser(request)).id),
  );

  // Each add may create a subaccount or recipient at the provider: bounded per address (an artist
  // with a method is refused before the provider is called, so the bound is for failed attempts).
  const addLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };

  routes.post(
    '/api/payment-methods',
    { preHandler: requireUser, config: addLimit, schema: { body: bankMethodSchema, response: { 201: paymentMethodSchema } } },
    async (request, reply) => reply.code(201).send(await methods.addBank((await signedInUser(request)).id, request.body)),
  );

  routes.post(
    '/api/payment-methods/mobile-money',
    { preHandler: requireUser, config: addLimit, schema: { body: mobileMoneyMethodSchema, response: { 201: paymentMethodSchema } } },
    async (request, reply) => reply.code(201).send(await methods.addMobileMoney((await signedInUser(request)).id, request.body.mobileNumber)),
  );

  routes.delete(
    '/api/payment-methods/:id',
    { preHandler: [requireUser, knownId('payment-method.not-found')], schema: { params: paymentMethodParamsSchema, querystring: removePaymentMethodQuerySchema, response: { 200: removedResponseSchema } } },
    async (request) => {
      await methods.remove((await signedInUser(request)).id, request.params.id, request.query.force === 'true');
      return { message: PAYMENT_MESSAGES.methodRemoved };
    },
  );
}
