import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orders, payouts, refunds, simulatedTransactions } from '../../db/schema';
import { mpesaSeller, settledSale, twoAppsForBlock, type TwoApps } from '../../../test/support/two-apps';
import type { SimulatedProvider } from '../payment-provider';

/**
 * Refunds on two app instances sharing one PostgreSQL database (npm run test:multi): the same
 * refund asked on both, its outcome checked on both while the webhook's job runs, and the payout
 * job racing it. Each refund is made and recorded once, and no payout is ever negative or pays
 * refunded money twice (PGlite serialises transactions and could not show a race).
 */
type App = TwoApps['first'];

describe('refunds on two processes', () => {
  let first: App, second: App;
  twoAppsForBlock((apps) => ({ first, second } = apps));
  const idle = async () => {
    await (first.app.paymentsProvider as SimulatedProvider).idle();
    await (second.app.paymentsProvider as SimulatedProvider).idle();
  };

  it('refunds once and nets it against payouts, whichever process wins each race', async () => {
    const db = first.app.database.db;
    const sales = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const artist = await mpesaSeller(first.app);
        // A settled KES 500 M-Pesa sale (KES 450 to the artist) the simulated provider knows as paid.
        const reference = `sauti-${randomUUID()}`;
        await db.insert(simulatedTransactions).values({ reference, accessCode: `sim_${randomUUID()}`, email: 'fan@example.com', amount: 60_800, currency: 'KES', status: 'success', channel: 'mobile_money', paidAt: new Date() });
        const order = await settledSale(first.app, { reference, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: artist.id, price: 50_000, fee: 10_800, amount: 60_800, status: 'paid', settlement: 'balance', paidAt: new Date() });
        return { artist, order };
      }),
    );

    // The same refund asked on both processes at once, while both run the payout job.
    const asked = await Promise.allSettled([
      ...sales.flatMap(({ order }) => [first.app.refunds.refund(order.reference), second.app.refunds.refund(order.reference)]),
      first.app.payouts.run(),
      second.app.payouts.run(),
    ]);
    const refundsAsked = asked.slice(0, sales.length * 2);
    expect(refundsAsked.filter((result) => result.status === 'fulfilled')).toHaveLength(sales.length);
    for (const result of refundsAsked) {
      if (result.status === 'rejected') expect((result.reason as { code?: string }).code).toBe('refund.in-progress');
    }
    await idle();
    // The outcome checked on both processes while the webhooks' jobs run on both, then payouts again.
    await Promise.all([
      ...sales.flatMap(({ order }) => [first.app.refunds.check(order.reference), second.app.refunds.check(order.reference)]),
      first.app.jobs.drain(),
      second.app.jobs.drain(),
    ]);
    await Promise.all([first.app.payouts.run(), second.app.payouts.run()]);
    await idle();

    for (const { artist, order } of sales) {
      const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(now!.status).toBe('refunded');
      expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([{ status: 'processed' }]);
      const refundEntries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'refund')));
      expect(refundEntries).toHaveLength(1);
      expect(refundEntries[0]!.artistShare).toBe(-45_000);
      // Paid out before the refund (once: KES 430 + KES 20) or not at all; never a negative transfer.
      const made = await db.select().from(payouts).where(eq(payouts.userId, artist.id));
      expect(made.length).toBeLessThanOrEqual(1);
      for (const payout of made) expect(payout).toMatchObject({ amount: 43_000, fee: 2_000 });
      // The balance is the record: what was paid out of refunded money is owed back by the next payouts.
      const held = made.filter((payout) => payout.status !== 'failed' && payout.status !== 'reversed').reduce((sum, payout) => sum + payout.amount + payout.fee, 0);
      expect(await first.app.payouts.balance(artist.id)).toBe(-held);
      expect(await second.app.payouts.balance(artist.id)).toBe(-held);
    }
  }, 120_000);
});
