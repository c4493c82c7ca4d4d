import fp from 'fastify-plugin';
import { paymentMethodRoutes } from './payouts.routes';
import { PaymentMethodsService } from './payment-methods.service';
import { PAYOUT_JOB, PAYOUT_PERIOD_MS } from './payouts.rules';
import { PayoutsService } from './transfers.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** M-Pesa payouts: the payout run, balances, and the transfer webhooks (handleTransferEvent). */
    payouts: PayoutsService;
  }
}

/**
 * Payouts (issue 10, docs/decisions/031): the artist's payout method routes, and the M-Pesa payout
 * run, scheduled every 15 minutes once across all processes (PAYOUT_JOB).
 */
export const payoutsPlugin = fp(
  async (app) => {
    const deps = { db: () => app.database.db, provider: () => app.paymentsProvider, log: app.log, events: app.events };
    const payouts = new PayoutsService(deps);
    app.decorate('payouts', payouts);
    app.jobs.scheduleEvery(PAYOUT_JOB, PAYOUT_PERIOD_MS, async () => {
      const { created, reverified } = await payouts.run();
      if (created > 0 || reverified > 0) app.log.info({ created, reverified }, 'payout run');
    });
    await app.register(async (scope) => paymentMethodRoutes(scope, new PaymentMethodsService(deps), payouts));
  },
  { name: 'payouts', dependencies: ['database', 'session', 'payment-provider'] },
);
