import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingFee } from '#common/payments';
import type { CodeBatch } from '#common/schemas/codes';
import type { Track } from '#common/schemas/catalog/responses';
import { codes, ledgerEntries, orders } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import type { PaystackStandIn } from '../../../test/support/paystack-stand-in';
import { startPaystackSale, type PaystackSale } from '../../../test/support/paystack-sale';

/**
 * A discount code through the Paystack stand-in (issue 21, decision 050): Paystack is asked for the
 * discounted price plus the spec's fee on it, and the ledger splits 90/10 what was paid.
 */
describe('a discount code through Paystack', () => {
  let t: CatalogTestApp;
  let standIn: PaystackStandIn;
  let setUp: PaystackSale | undefined;
  let seller: TestArtist;
  let track: Track;

  beforeAll(async () => {
    setUp = await startPaystackSale({ trackName: 'Kesho', price: '1,250' });
    ({ t, standIn, seller, track } = setUp);
  }, 240_000);

  afterAll(async () => {
    await setUp?.close();
  });

  it('charges the discounted price and its fee, splits what was paid, and uses the code only once paid', async () => {
    const created = await t.request('POST', '/api/codes', { cookie: seller.cookie, json: { itemType: 'track', itemId: track.id, kind: 'discount', percentOff: 30, count: 1 } });
    expect(created.status).toBe(201);
    const code = (created.body as CodeBatch).codes[0]!.code;
    const price = 87_500; // KES 1,250 less 30% = 875
    const fee = processingFee(price); // round(875 x 0.015) + 100 = 113
    expect(fee).toBe(11_300);

    const redeemed = await t.request('POST', '/api/codes/redeem', { json: { code, email: 'fan@example.com' } });
    expect(redeemed.body).toMatchObject({ kind: 'discount', price, fee, finalAmount: price + fee });

    const init = await t.request('POST', '/api/payments/initialize', { json: { email: 'fan@example.com', trackId: track.id, code: code.toLowerCase() } });
    expect(init.status).toBe(200);
    const reference = init.body.data.reference as string;
    const asked = standIn.requests.find((r) => r.method === 'POST' && r.path === '/transaction/initialize')!;
    expect(asked.body).toMatchObject({ amount: price + fee, currency: 'KES', reference });
    const [row] = await t.app.database.db.select().from(codes).where(eq(codes.code, code.replace(/-/g, '')));
    expect(row!.usedAt).toBeNull();

    standIn.payTransaction(reference, { channel: 'mobile_money' });
    expect((await t.request('POST', '/api/payments/verify', { json: { reference } })).status).toBe(200);
    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.reference, reference));
    expect(order).toMatchObject({ status: 'paid', price, fee, amount: price + fee, codeId: row!.id });
    const [entry] = await t.app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id));
    expect(entry).toMatchObject({ amountPaid: price + fee, price, platformShare: 8_750, artistShare: 78_750 });
    const [used] = await t.app.database.db.select().from(codes).where(eq(codes.id, row!.id));
    expect(used).toMatchObject({ usedEmail: 'fan@example.com', usedOrderId: order!.id });
  });
});
