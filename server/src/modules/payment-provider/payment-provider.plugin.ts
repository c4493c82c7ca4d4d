import fp from 'fastify-plugin';
import { providerConfigRoutes } from './payment-provider.routes';
import { PaystackProvider } from './paystack';
import type { PaymentsProvider } from './provider';
import { SimulatedProvider } from './simulated';
import { simulatedCheckoutRoutes } from './simulated-checkout.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paystack, or the simulated provider when no PAYSTACK_SECRET_KEY is set. */
    paymentsProvider: PaymentsProvider;
  }
}

/**
 * The payments provider (issue 10, docs/decisions/031): Paystack when a secret key is configured,
 * else the simulated provider with its checkout page; and GET /api/config/paystack
 * (payment-provider.routes).
 */
export const paymentProviderPlugin = fp(
  async (app) => {
    const { paystack, publicUrl } = app.config;
    let provider: PaymentsProvider;
    if (paystack.secretKey) {
      provider = new PaystackProvider({ secretKey: paystack.secretKey, publicKey: paystack.publicKey, apiUrl: paystack.apiUrl, log: app.log });
    } else {
      const simulated = new SimulatedProvider({
        db: () => app.database.db,
        publicUrl,
        log: app.log,
        // Through the app's own webhook route, as Paystack's would arrive: same checks, same code.
        deliverWebhook: async (rawBody, signature) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/payments/webhook',
            headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
            payload: rawBody,
          });
          if (response.statusCode >= 300) throw new Error(`the webhook route answered ${response.statusCode}`);
        },
      });
      app.addHook('onClose', async () => simulated.idle());
      await app.register(async (scope) => simulatedCheckoutRoutes(scope, simulated));
      provider = simulated;
    }
    app.decorate('paymentsProvider', provider);
    await providerConfigRoutes(app, provider);
  },
  { name: 'payment-provider', dependencies: ['database'] },
);
