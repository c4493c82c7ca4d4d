import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, payouts } from '../../db/schema';
import { createArtist } from '../../../test/support/artists';
import { startTwoApps, type TwoApps } from '../../../test/support/two-apps';
import type { SimulatedProvider } from '../payment-provider';
import { recordSale } from './index';

/**
 * The payout job on two app instances sharing one PostgreSQL database (npm run test:multi): run at
 * the same moment on both, it pays each artist's balance once (PGlite serialises transactions and
 * could not show a race).
 */
const KES = 100;
type App = TwoApps['first'];

describe('M-Pesa payouts on two processes', () => {
  let first: App;
  let second: App;
  let apps: TwoApps | undefined;

  beforeAll(async () => {
    apps = await startTwoApps();
    ({ first, second } = apps);
  }, 180_000);
  afterAll(() => apps?.close());

  it('pays each balance once when both run the payout job at the same moment', async () => {
    const db = first.app.database.db;
    const artists = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const artist = await createArtist(first.app);
        const added = await first.app.inject({ method: 'POST', url: '/api/payment-methods/mobile-money', headers: { cookie: artist.cookie }, payload: { mobileNumber: '0712345678' } });
        expect(added.statusCode).toBe(201);
        // A KES 3,000 share, settled (a day old).
        const [order] = await db
          .insert(orders)
          .values({ reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: artist.id, price: 3_334 * KES, fee: 150 * KES, amount: 3_484 * KES, status: 'paid', settlement: 'balance', paidAt: new Date() })
          .returning();
        await recordSale(db, order!);
        await db.update(ledgerEntries).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(ledgerEntries.orderId, order!.id));
        return artist;
      }),
    );
    await Promise.all([first.app.payouts.run(), second.app.payouts.run(), first.app.payouts.run(), second.app.payouts.run()]);
    for (const artist of artists) {
      const made = await db.select().from(payouts).where(eq(payouts.userId, artist.id));
      // KES 3,000.60 owed: the largest withdrawal whose amount and fee fit is KES 2,960.60 + KES 40.
      expect(made).toHaveLength(1);
      expect(made[0]!.amount + made[0]!.fee).toBeLessThanOrEqual(3_000_60);
      expect(made[0]!.fee).toBe(40 * KES);
    }
    await (first.app.paymentsProvider as SimulatedProvider).idle();
    await (second.app.paymentsProvider as SimulatedProvider).idle();
  });
});
