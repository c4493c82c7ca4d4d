import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#common/schemas/auth';
import {
  PAYMENT_MESSAGES,
  initializePaymentResponseSchema,
  initializePaymentSchema,
  ownedItemsResponseSchema,
  resendReceiptSchema,
  verifyPaymentResponseSchema,
  verifyPaymentSchema,
  verifyPendingResponseSchema,
} from '#common/schemas/payments';
import { AppError } from '../../lib/errors';
import { checkedItemId, wellFormedId } from '../../lib/known-id';
import { BUYER_COOKIE, LIBRARY_COOKIE } from '../../lib/purchase-grants';
import { randomToken } from '../../lib/tokens';
import type { PaymentsProvider } from '../payment-provider';
import type { CheckoutService } from './checkout.service';
import type { PurchaseProofService } from './purchase-proof.service';
import type { WebhooksService } from './webhooks.service';
import type { CodesService } from './codes.service';
import { answersArePersonal } from '../../lib/no-store';
import { requestLanguage } from '../../plugins/language';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Per client address: a checkout is a few calls; these leave room for a family behind one carrier
 * NAT and stop a script from filling the orders table or mailing receipts to strangers.
 */
export const PAYMENT_RATE_LIMITS = {
  initialize: { max: 60, timeWindow: '1 minute' },
  verify: { max: 120, timeWindow: '1 minute' },
  resend: { max: 5, timeWindow: '15 minutes' },
  owned: { max: 120, timeWindow: '1 minute' },
} as const;

/** The buying browser's key: made on its first checkout, kept for a year, sent only to /api. */
export function buyerKeyOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[BUYER_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const key = randomToken();
  reply.setCookie(BUYER_COOKIE, key, { httpOnly: true, sameSite: 'lax', secure: app.config.production, path: '/api', maxAge: YEAR_SECONDS });
  return key;
}

/**
 * POST /api/payments/initialize, /verify, /webhook, /api/purchases/resend (spec section 7) and
 * GET /api/purchases/owned (issue 16).
 * Public: fans buy without an account. Answers are personal (an e-mail, a reference): no-store.
 */
export async function paymentRoutes(app: FastifyInstance, { checkout, proof, codes }: { checkout: CheckoutService; proof: PurchaseProofService; codes: CodesService }) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/payments/initialize',
    {
      config: { rateLimit: PAYMENT_RATE_LIMITS.initialize },
      schema: { body: initializePaymentSchema, response: { 200: initializePaymentResponseSchema } },
    },
    async (request, reply) => {
      // Issue 21: a discount code is checked (and its guessing counted) before the checkout holds it.
      const discount = request.body.code ? await codes.forCheckout(request.body.code, request.body, request.ip) : undefined;
      // The buying browser's cookie is set first, as it always was, whatever the item (decision 079).
      const buyerKey = buyerKeyOf(app, request, reply);
      checkedItemId(request.body);
      const data = await checkout.initialize(request.body, buyerKey, discount, requestLanguage(request));
      return { message: 'Payment initialized', data };
    },
  );

  // 200: paid (spec section 7); 202: still under way (an M-Pesa prompt not yet answered, issue 16);
  // 402 {message, outcome}: not paid, and how it ended (declined, cancelled, expired).
  routes.post(
    '/api/payments/verify',
    {
      config: { rateLimit: PAYMENT_RATE_LIMITS.verify },
      schema: { body: verifyPaymentSchema, response: { 200: verifyPaymentResponseSchema, 202: verifyPendingResponseSchema } },
    },
    async (request, reply) => {
      const answer = await proof.verify(request.body.reference, request.cookies[BUYER_COOKIE]);
      return 'pending' in answer ? reply.code(202).send(answer) : reply.code(200).send(answer);
    },
  );

  routes.post(
    '/api/purchases/resend',
    { config: { rateLimit: PAYMENT_RATE_LIMITS.resend }, schema: { body: resendReceiptSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      // An id that cannot name an item bought nothing: the same answer, nothing looked up (decision 079).
      if (wellFormedId(request.body.albumId ?? request.body.trackId)) await proof.resend(request.body);
      return { message: PAYMENT_MESSAGES.receiptResent };
    },
  );

  // What this browser bought (its buyer cookie): per visitor, so never cached (no-store above), and
  // kept out of the public answers, which stay the same for everyone. Sets no cookie.
  routes.get(
    '/api/purchases/owned',
    { config: { rateLimit: PAYMENT_RATE_LIMITS.owned }, schema: { response: { 200: ownedItemsResponseSchema } } },
    async (request) => proof.owned(request.cookies[BUYER_COOKIE], request.cookies[LIBRARY_COOKIE]),
  );
}

/**
 * POST /api/payments/webhook: the provider's events. The signature is checked on the raw bytes
 * (not re-serialised JSON), in constant time, and fails closed; the event is then recorded and
 * answered at once, and a durable job re-verifies with the provider before granting anything.
 */
export async function webhookRoutes(app: FastifyInstance, webhooks: WebhooksService, provider: () => PaymentsProvider) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/api/payments/webhook', { config: { rateLimit: false } }, async (request, reply) => {
    const raw = request.body;
    const signature = request.headers['x-paystack-signature'];
    if (!Buffer.isBuffer(raw) || !provider().verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined)) {
      throw new AppError('webhook.invalid-signature');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('webhook.invalid');
    }
    await webhooks.acceptWebhook(body);
    return reply.code(200).send({ received: true });
  });
}
