import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paystackConfigResponseSchema } from '#common/schemas/payments';
import type { PaymentsProvider } from './provider';

/**
 * GET /api/config/paystack: what the browser needs to open a checkout, the public key (never the
 * secret) and whether this is the simulated provider.
 */
export async function providerConfigRoutes(app: FastifyInstance, provider: PaymentsProvider) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config/paystack', { schema: { response: { 200: paystackConfigResponseSchema } } }, async () => ({
    publicKey: provider.publicKey,
    simulated: provider.simulated,
  }));
}
