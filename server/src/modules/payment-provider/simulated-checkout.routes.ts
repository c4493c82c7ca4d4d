import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderCheckoutPage, renderNotFoundPage } from './simulated-checkout.page';
import type { SimulatedProvider } from './simulated';
import { MPESA_MAX_CONFIRM_DELAY_MS, type CheckoutOutcome } from './simulated-checkout';

const BASE = '/api/payments/simulated/checkout';
const params = z.object({ accessCode: z.string().max(100) });
const payBody = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('card'), cardNumber: z.string().max(40), cvv: z.string().max(10), expiry: z.string().max(10) }),
  z.object({ channel: z.literal('mobile_money'), phone: z.string().max(30) }),
]);
const resultSchema = z.object({ status: z.enum(['pending', 'success', 'failed', 'abandoned']), reference: z.string(), message: z.string() });
const mpesaBody = z.object({ phone: z.string().max(30) });
const answerBody = z.object({
  answer: z.enum(['paid', 'declined', 'cancelled', 'expired']),
  /** How long M-Pesa takes to confirm a 'paid' answer (the page waits a few seconds; tests 0). */
  delayMs: z.number().int().min(0).max(MPESA_MAX_CONFIRM_DELAY_MS).optional(),
});
const errorSchema = z.object({ message: z.string() });

/**
 * The page's own headers. API answers get `frame-ancestors 'none'` and X-Frame-Options DENY from
 * the security plugin, and pages a CSP without inline scripts; this page must be framed by our own
 * web app (the overlay) and runs one inline script, so it opts out of those (securityHeaders:
 * false) and sets a policy of its own: nothing but itself, framed by itself, scripts by nonce.
 */
function pageHeaders(reply: FastifyReply, nonce: string) {
  reply
    .header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; ` +
        `form-action 'self'; base-uri 'none'; frame-ancestors 'self'`,
    )
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8');
}

function answer(reply: FastifyReply, outcome: CheckoutOutcome) {
  reply.header('Cache-Control', 'no-store');
  switch (outcome.kind) {
    case 'not-found':
      return reply.code(404).send({ message: 'Payment not found' });
    case 'closed':
      return reply.code(409).send({
        message:
          outcome.status === 'success'
            ? 'This payment is already complete.'
            : outcome.status === 'ongoing'
              ? 'An M-Pesa prompt is already waiting on the phone.'
              : 'This payment was cancelled. Please start again.',
      });
    case 'pending':
      return reply.code(200).send({ status: 'pending', reference: outcome.reference, message: outcome.message });
    case 'invalid':
      return reply.code(400).send({ message: outcome.message });
    case 'done':
      return reply.code(200).send({ status: outcome.status, reference: outcome.reference, message: outcome.message });
  }
}

/**
 * The simulated checkout (registered only when no Paystack key is set): the page, and its pay and
 * cancel calls; what they do is in simulated-checkout.ts. Test details are in simulated.ts.
 */
export async function simulatedCheckoutRoutes(app: FastifyInstance, provider: SimulatedProvider) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(`${BASE}/:accessCode`, { config: { securityHeaders: false }, schema: { params } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    pageHeaders(reply, nonce);
    const checkout = await provider.checkout(request.params.accessCode);
    if (!checkout) return reply.code(404).send(renderNotFoundPage(nonce));
    return reply.send(renderCheckoutPage(checkout, nonce, `${BASE}/${encodeURIComponent(checkout.accessCode)}`));
  });

  routes.post(
    `${BASE}/:accessCode/pay`,
    { schema: { params, body: payBody, response: { 200: resultSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema } } },
    async (request, reply) => answer(reply, await provider.pay(request.params.accessCode, request.body)),
  );

  // M-Pesa as it really behaves (issue 16): the prompt, the phone's answer, and where it stands.
  routes.post(
    `${BASE}/:accessCode/mpesa`,
    { schema: { params, body: mpesaBody, response: { 200: resultSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema } } },
    async (request, reply) => answer(reply, await provider.promptMpesa(request.params.accessCode, request.body.phone)),
  );

  routes.post(
    `${BASE}/:accessCode/mpesa/answer`,
    { schema: { params, body: answerBody, response: { 200: resultSchema, 404: errorSchema, 409: errorSchema } } },
    async (request, reply) => answer(reply, await provider.answerMpesa(request.params.accessCode, request.body.answer, request.body.delayMs)),
  );

  routes.get(
    `${BASE}/:accessCode/status`,
    { schema: { params, response: { 200: resultSchema, 404: errorSchema } } },
    async (request, reply) => answer(reply, await provider.checkoutStatus(request.params.accessCode)),
  );

  routes.post(
    `${BASE}/:accessCode/cancel`,
    { schema: { params, response: { 200: resultSchema, 404: errorSchema, 409: errorSchema } } },
    async (request, reply) => answer(reply, await provider.cancel(request.params.accessCode)),
  );
}
