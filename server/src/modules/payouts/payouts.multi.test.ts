import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema';
import { mpesaSeller, settledSale, twoAppsForBlock, type TwoApps } from '../../../test/support/two-apps';
import type { SimulatedProvider } from '../payment-provider';

/**
 * The payout job on two app instances sharing one PostgreSQL database (npm run test:multi): run at
 * the same moment on both, it pays each artist's balance once (PGlite serialises transactions and
 * could not show a race).
 */
const KES = 100;
type App = TwoApps['first'];

describe('M-Pesa payouts on two processes', () => {
  let first: App, second: App;
  twoAppsForBlock((apps) => ({ first, second } = apps));

  it('pays each balance once when both run the payout job at the same moment', async () => {
    const db = first.app.database.db;
    const artists = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const artist = await mpesaSeller(first.app);
        // A KES 3,000 share, settled (a day old).
        await settledSale(first.app, { reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: artist.id, price: 3_334 * KES, fee: 150 * KES, amount: 3_484 * KES, status: 'paid', settlement: 'balance', paidAt: new Date() });
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
