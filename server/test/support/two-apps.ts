import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { ledgerEntries, orders } from '../../src/db/schema';
import { recordSale } from '../../src/modules/payouts';
import { createArtist, type TestArtist } from './artists';
import { startTestApp } from './test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;

export interface TwoApps {
  first: App;
  second: App;
  /** Closes both (the second has its own DATA_DIR; the database is the first's) and drops the database. */
  close(): Promise<void>;
}

/**
 * Two app instances sharing one PostgreSQL database: the modules' multi-process tests (npm run
 * test:multi), where PGlite, serialising transactions, could not show a race.
 */
export async function startTwoApps(env: Record<string, string> = {}): Promise<TwoApps> {
  if (!process.env.DATABASE_URL) throw new Error('The multi-process tests need DATABASE_URL (a PostgreSQL server): npm run test:multi');
  const first = await startTestApp(env);
  const second = await startTestApp(env, { databaseUrl: first.databaseUrl });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      await first.dropDatabase();
    },
  };
}

/**
 * Two apps for the enclosing describe block, as catalogAppForBlock has one: started before its
 * tests (handed to `ready`), closed after it.
 */
export function twoAppsForBlock(ready: (apps: TwoApps) => void): void {
  let apps: TwoApps | undefined;
  beforeAll(async () => {
    apps = await startTwoApps();
    ready(apps);
  }, 180_000);
  afterAll(() => apps?.close());
}

/** An artist on `app` paid by M-Pesa (a payout method added through the API). */
export async function mpesaSeller(app: FastifyInstance): Promise<TestArtist> {
  const artist = await createArtist(app);
  const added = await app.inject({ method: 'POST', url: '/api/payment-methods/mobile-money', headers: { cookie: artist.cookie }, payload: { mobileNumber: '0712345678' } });
  expect(added.statusCode).toBe(201);
  return artist;
}

/** A paid order written to `app`'s database, its sale recorded and a day old (settled: the payout job pays it). */
export async function settledSale(app: FastifyInstance, values: typeof orders.$inferInsert): Promise<typeof orders.$inferSelect> {
  const db = app.database.db;
  const [order] = await db.insert(orders).values(values).returning();
  await recordSale(db, order!);
  await db.update(ledgerEntries).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(ledgerEntries.orderId, order!.id));
  return order!;
}
