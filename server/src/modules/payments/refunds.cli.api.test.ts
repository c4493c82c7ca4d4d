import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, simulatedTransactions } from '../../db/schema';
import { createArtist } from '../../../test/support/artists';
import { runCli, scratchDataDirs } from '../../../test/support/cli';
import { startTestApp } from '../../../test/support/test-app';
import { recordSale } from '../payouts';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** `npm run purchases -- ...`, in its own process. */
const purchases = (args: string[], env: Record<string, string>) => runCli('purchases', args, env);

/**
 * `npm run purchases -- refund|refunds` (issue 16): exit codes 0 done, 1 refused with the reason,
 * 2 wrong usage. With PostgreSQL the command runs beside the server (its own DATA_DIR) and refunds
 * through the simulated provider; with the embedded database it refuses while the server holds
 * the DATA_DIR.
 */
describe('npm run purchases -- refund', () => {
  let t: App;
  let reference: string;
  const scratch = scratchDataDirs();
  const ownDataDir = () => scratch.make();
  const env = (): Record<string, string> => (t.databaseUrl ? { DATABASE_URL: t.databaseUrl, DATA_DIR: ownDataDir() } : { DATA_DIR: t.dataDir });

  beforeAll(async () => {
    t = await startTestApp();
    const seller = await createArtist(t.app);
    // A paid M-Pesa sale of KES 500 (+ KES 108 fee) the simulated provider knows as successful.
    reference = `sauti-${randomUUID()}`;
    const db = t.app.database.db;
    await db.insert(simulatedTransactions).values({ reference, accessCode: `sim_${randomUUID()}`, email: 'cli@example.com', amount: 60_800, currency: 'KES', status: 'success', channel: 'mobile_money', paidAt: new Date() });
    const [order] = await db
      .insert(orders)
      .values({ reference, email: 'cli@example.com', itemType: 'track', itemName: 'Kesho', sellerId: seller.id, price: 50_000, fee: 10_800, amount: 60_800, status: 'paid', settlement: 'balance', paidAt: new Date() })
      .returning();
    expect(await recordSale(db, order!)).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    scratch.remove();
  });

  it('answers wrong usage with 2 and the usage', async () => {
    for (const args of [[], ['refund'], ['refund', 'a', 'b'], ['refund', 'x', '--amount', 'lots'], ['revoke', 'x', '--amount', '5'], ['frobnicate', 'x'], ['refunds', '--bogus']]) {
      const run = await purchases(args, { DATA_DIR: ownDataDir() });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/Usage|--amount/);
    }
  }, 120_000);

  it('refunds a paid order once, and refuses an unknown, an already refunded one or too much (1)', async () => {
    if (!t.databaseUrl) {
      // The embedded database allows one process: the command refuses while the server holds the DATA_DIR.
      const run = await purchases(['refund', reference], env());
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('DATA_DIR');
      return;
    }
    const tooMuch = await purchases(['refund', reference, '--amount', '608.01'], env());
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain('at most what the buyer paid');
    expect((await purchases(['refund', 'sauti-unknown'], env())).code).toBe(1);

    const done = await purchases(['refund', reference, '--amount', '608'], env());
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('KES 608.00');
    expect(done.stdout).toContain('Processed');
    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.reference, reference));
    expect(order!.status).toBe('refunded');

    const again = await purchases(['refund', reference], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already been refunded');

    const listed = await purchases(['refunds'], env());
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`processed\\s+${reference}`));
    // The webhooks the command's provider sent wait as jobs for a server: they change nothing more.
    await t.app.jobs.drain();
    expect(await t.app.refunds.list()).toHaveLength(1);
  }, 180_000);
});
