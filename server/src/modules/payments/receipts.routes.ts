import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiptParamsSchema, receiptQuerySchema, receiptResponseSchema } from '#common/schemas/payments';
import type { ReceiptsService } from './receipts.service';
import { answersArePersonal } from '../../lib/no-store';

/** Per client address, like the other purchase calls: a page load is one call; a script guessing tokens is stopped. */
export const RECEIPT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/**
 * GET /api/receipts/{reference}?token=... (issue 16): the purchase page's content. Personal (the
 * token is a key to a purchase): never stored by a browser or a cache, error answers included.
 */
export async function receiptRoutes(app: FastifyInstance, receipts: ReceiptsService) {
  answersArePersonal(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/receipts/:reference',
    {
      config: { rateLimit: RECEIPT_RATE_LIMIT },
      schema: { params: receiptParamsSchema, querystring: receiptQuerySchema, response: { 200: receiptResponseSchema } },
    },
    async (request) => receipts.receipt(request.params.reference, request.query.token),
  );
}
