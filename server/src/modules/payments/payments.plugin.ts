import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { salesFiguresFromLedger } from '../payouts';
import { paymentRoutes, webhookRoutes } from './payments.routes';
import { CheckoutService } from './checkout.service';
import { CONFIRM_JOB, FulfilmentService } from './fulfilment.service';
import { PurchaseProofService } from './purchase-proof.service';
import { TRANSFER_EVENT_JOB, WebhooksService, type TransferEvent } from './webhooks.service';
import { LibraryService } from './library.service';
import { libraryRoutes } from './library.routes';
import { receiptRoutes } from './receipts.routes';
import { ReceiptsService } from './receipts.service';
import { REFUND_EVENT_JOB, RefundsService } from './refunds.service';
import { salesRoutes } from './sales.routes';
import { codeRoutes } from './codes.routes';
import { CodesService } from './codes.service';
import { SalesService } from './sales.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Refunds (issue 16): `npm run purchases -- refund` and the refund.* webhooks. */
    refunds: RefundsService;
  }
}

const RECONCILE_EVERY_MS = 10 * 60 * 1000;

/**
 * Purchases (issue 10, docs/decisions/031): checkout through the payments provider, fulfilment,
 * proof of purchase for downloads, the provider's webhooks. Registered before the catalogue,
 * playback and analytics, which read what it decorates: app.sales (a sold track cannot be
 * deleted), app.purchaseGrants (paid downloads), app.salesFigures (Total Revenue).
 */
export const paymentsPlugin = fp(
  async (app) => {
    // Issue 17: a fan's library, another proof of purchase (an e-mail address proven by a link).
    const library = new LibraryService({ db: () => app.database.db, mailer: app.mailer, attempts: app.attempts, log: app.log, publicUrl: app.config.publicUrl });
    const db = () => app.database.db;
    const fulfilment = new FulfilmentService({ db, provider: app.paymentsProvider, mailer: app.mailer, events: app.events, log: app.log, publicUrl: app.config.publicUrl });
    const checkout = new CheckoutService({ db, provider: app.paymentsProvider, log: app.log, publicUrl: app.config.publicUrl, attempts: app.attempts, fulfilment });
    const proof = new PurchaseProofService({ db, fulfilment, libraryEmailOf: (key) => library.emailOf(key) });
    const webhooks = new WebhooksService({ db, jobs: app.jobs, log: app.log, fulfilment });
    app.decorate('purchaseGrants', { allows: (item, given) => proof.allows(item, given) });
    app.decorate('sales', {
      trackPurchases: (trackId: string) => proof.trackPurchases(trackId),
      albumPurchases: (albumId: string) => proof.albumPurchases(albumId),
      soldAlbumIds: (albumIds: readonly string[]) => proof.soldAlbumIds(albumIds),
    });
    app.decorate('salesFigures', salesFiguresFromLedger(() => app.database.db));

    app.jobs.register<{ reference: string }>(CONFIRM_JOB, async ({ reference }) => {
      await fulfilment.confirmReference(reference);
    });
    app.jobs.register<{ event: TransferEvent; reference: string }>(TRANSFER_EVENT_JOB, async ({ event, reference }) => {
      await app.payouts.handleTransferEvent(event, reference);
    });
    // Issue 16: refunds, for the operator's command (app.refunds) and the refund.* webhooks' job.
    const refunds = new RefundsService({ db: () => app.database.db, provider: () => app.paymentsProvider, events: app.events, log: app.log });
    app.decorate('refunds', refunds);
    app.jobs.register<{ event: string; reference: string }>(REFUND_EVENT_JOB, async ({ event, reference }) => {
      await refunds.handleEvent(event, reference);
    });
    app.jobs.scheduleEvery('payments.refunds-check', RECONCILE_EVERY_MS, async () => {
      const checked = await refunds.recheckStale();
      if (checked > 0) app.log.info({ checked }, 'open refunds checked with the provider');
    });
    app.jobs.scheduleEvery('payments.reconcile', RECONCILE_EVERY_MS, async () => {
      const result = await webhooks.reconcile();
      if (result.checked > 0) app.log.info(result, 'pending orders reconciled');
    });

    app.jobs.scheduleEvery('payments.library-purge', HOUR_MS, async () => {
      await library.purgeExpired();
    });

    // Issue 21 (decision 050): download and discount codes, a way to pay of this module.
    const codes = new CodesService({ db: () => app.database.db, attempts: app.attempts, checkout });
    await app.register(async (scope) => paymentRoutes(scope, { checkout, proof, codes }));
    await app.register(async (scope) => codeRoutes(scope, codes));
    await app.register(async (scope) => libraryRoutes(scope, library));
    await app.register(async (scope) => webhookRoutes(scope, webhooks, () => app.paymentsProvider));
    await app.register(async (scope) => salesRoutes(scope, new SalesService({ db: () => app.database.db })));
    await app.register(async (scope) => receiptRoutes(scope, new ReceiptsService({ db: () => app.database.db })));
  },
  { name: 'payments', dependencies: ['database', 'limits', 'session', 'mail', 'payment-provider', 'payouts'] },
);
