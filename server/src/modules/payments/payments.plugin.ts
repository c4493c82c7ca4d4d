import fp from 'fastify-plugin';
import { salesFiguresFromLedger } from '../payouts';
import { paymentRoutes, webhookRoutes } from './payments.routes';
import { CONFIRM_JOB, PaymentsService, TRANSFER_EVENT_JOB, type TransferEvent } from './payments.service';

const RECONCILE_EVERY_MS = 10 * 60 * 1000;

/**
 * Purchases (issue 10, docs/decisions/031): checkout through the payments provider, fulfilment,
 * proof of purchase for downloads, the provider's webhooks. Registered before the catalogue,
 * playback and analytics, which read what it decorates: app.sales (a sold track cannot be
 * deleted), app.purchaseGrants (paid downloads), app.salesFigures (Total Revenue).
 */
export const paymentsPlugin = fp(
  async (app) => {
    const payments = new PaymentsService({
      db: () => app.database.db,
      provider: app.paymentsProvider,
      mailer: app.mailer,
      jobs: app.jobs,
      events: app.events,
      log: app.log,
      publicUrl: app.config.publicUrl,
      attempts: app.attempts,
    });
    app.decorate('purchaseGrants', { allows: (item, proof) => payments.allows(item, proof) });
    app.decorate('sales', { trackPurchases: (trackId: string) => payments.trackPurchases(trackId), albumPurchases: (albumId: string) => payments.albumPurchases(albumId) });
    app.decorate('salesFigures', salesFiguresFromLedger(() => app.database.db));

    app.jobs.register<{ reference: string }>(CONFIRM_JOB, async ({ reference }) => {
      await payments.confirmReference(reference);
    });
    app.jobs.register<{ event: TransferEvent; reference: string }>(TRANSFER_EVENT_JOB, async ({ event, reference }) => {
      await app.payouts.handleTransferEvent(event, reference);
    });
    app.jobs.scheduleEvery('payments.reconcile', RECONCILE_EVERY_MS, async () => {
      const result = await payments.reconcile();
      if (result.checked > 0) app.log.info(result, 'pending orders reconciled');
    });

    await app.register(async (scope) => paymentRoutes(scope, payments));
    await app.register(async (scope) => webhookRoutes(scope, payments, () => app.paymentsProvider));
  },
  { name: 'payments', dependencies: ['database', 'limits', 'session', 'mail', 'payment-provider', 'payouts'] },
);
