import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Track } from '#common/schemas/catalog/responses';
import { ledgerEntries, orders, refunds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import type { PaystackStandIn } from '../../../test/support/paystack-stand-in';
import { startPaystackSale, type PaystackSale } from '../../../test/support/paystack-sale';

/**
 * Refunds against the Paystack stand-in (issue 16): POST /refund with the transaction's reference
 * and the amount in minor units, the refund.* webhooks Paystack sends (the transaction's reference,
 * no refund id: the refund is read again with GET /refund/:id), and Paystack's refusals logged
 * with the reference and Paystack's message.
 */
describe('refunds through Paystack', () => {
  let t: CatalogTestApp;
  let standIn: PaystackStandIn;
  let setUp: PaystackSale | undefined;
  let track: Track;

  const db = () => t.app.database.db;
  const orderOf = async (reference: string) => (await db().select().from(orders).where(eq(orders.reference, reference)))[0]!;

  /** A paid order: initialize, the buyer pays at Paystack, verify. */
  async function sale(email: string): Promise<string> {
    const init = await t.request('POST', '/api/payments/initialize', { json: { email, trackId: track.id } });
    expect(init.status).toBe(200);
    const reference = init.body.data.reference as string;
    standIn.payTransaction(reference, { channel: 'mobile_money' });
    expect((await t.request('POST', '/api/payments/verify', { json: { reference } })).status).toBe(200);
    await t.app.jobs.drain();
    return reference;
  }

  async function webhook(event: string, refundId: string) {
    const { rawBody, signature } = standIn.webhook(event, refundId);
    const response = await t.request('POST', '/api/payments/webhook', { headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, json: JSON.parse(rawBody) });
    expect(response.status).toBe(200);
    await t.app.jobs.drain();
  }

  beforeAll(async () => {
    setUp = await startPaystackSale({ trackName: 'Kesho', price: '500' });
    ({ t, standIn, track } = setUp);
  }, 240_000);

  afterAll(async () => {
    await setUp?.close();
  });

  it("asks Paystack for the refund, and settles the sale only when Paystack's refund.processed is confirmed by GET /refund/:id", async () => {
    const reference = await sale('paystack-refund@example.com');
    const asked = await t.app.refunds.refund(reference, { amount: 20_000, note: 'Wrong song' });
    expect(asked.status).toBe('pending');
    const request = standIn.requests.find((r) => r.method === 'POST' && r.path === '/refund')!;
    expect(request.body).toEqual({ transaction: reference, amount: 20_000, currency: 'KES', merchant_note: 'Wrong song' });
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, asked.id));
    const held = standIn.refunds.get(refund!.providerRefundId!)!;
    expect(held).toMatchObject({ transactionReference: reference, amount: 20_000, status: 'pending' });

    // A forged or early "processed" claim is not taken: Paystack still says pending.
    await webhook('refund.processed', String(held.id));
    expect((await orderOf(reference)).status).toBe('paid');
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/refund/${held.id}`)).toBe(true);

    standIn.setRefundStatus(String(held.id), 'processing');
    await webhook('refund.processing', String(held.id));
    expect((await db().select().from(refunds).where(eq(refunds.id, asked.id)))[0]!.status).toBe('processing');

    standIn.setRefundStatus(String(held.id), 'processed');
    // A later delivery of the processed event (the first was recorded as seen) is caught by the command's check.
    expect(await t.app.refunds.check(reference)).toMatchObject([{ status: 'processed' }]);
    expect((await orderOf(reference)).status).toBe('refunded');
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, (await orderOf(reference)).id));
    expect(entries.find((entry) => entry.kind === 'refund')).toMatchObject({ amountPaid: -20_000, artistShare: -Math.floor((45_000 * 20_000) / 60_800) });
  });

  it('settles a refund whose webhook never came when the scheduled check asks Paystack again', async () => {
    const reference = await sale('paystack-lost-webhook@example.com');
    const asked = await t.app.refunds.refund(reference);
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, asked.id));
    standIn.setRefundStatus(refund!.providerRefundId!, 'processed');
    // Not yet: it was heard of just now.
    expect(await t.app.refunds.recheckStale()).toBe(0);
    await db().update(refunds).set({ updatedAt: sql`now() - interval '11 minutes'` }).where(eq(refunds.id, asked.id));
    expect(await t.app.refunds.recheckStale()).toBe(1);
    expect((await orderOf(reference)).status).toBe('refunded');
    expect(await t.app.refunds.recheckStale()).toBe(0);
  });

  it('a refund.failed from Paystack leaves the sale paid and is logged with the reference', async () => {
    const reference = await sale('paystack-failed@example.com');
    const asked = await t.app.refunds.refund(reference);
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, asked.id));
    const warn = vi.spyOn(t.app.log, 'warn');
    standIn.setRefundStatus(refund!.providerRefundId!, 'failed');
    await webhook('refund.failed', refund!.providerRefundId!);
    expect((await db().select().from(refunds).where(eq(refunds.id, asked.id)))[0]!.status).toBe('failed');
    expect((await orderOf(reference)).status).toBe('paid');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reference, status: 'failed' }), expect.any(String));
    warn.mockRestore();
  });

  it("logs Paystack's refusal with its message, tells the operator, and lets the refund be tried again", async () => {
    const reference = await sale('paystack-refused@example.com');
    const warn = vi.spyOn(t.app.log, 'warn');
    standIn.failNext(400);
    const error = await t.app.refunds.refund(reference).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('refund.refused');
    expect((error as AppError).message).toContain('An error occurred');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reference, providerMessage: 'An error occurred' }), expect.any(String));
    warn.mockRestore();
    expect((await orderOf(reference)).status).toBe('paid');

    // Paystack unreachable: the refund stays pending without an id, and the next try sends it again.
    standIn.failNext(503);
    await expect(t.app.refunds.refund(reference)).rejects.toMatchObject({ code: 'payment-provider.unavailable' });
    // Right away it may still be under way on another process: refused; a minute later it is sent again.
    await expect(t.app.refunds.refund(reference)).rejects.toMatchObject({ code: 'refund.in-progress' });
    await db().update(refunds).set({ updatedAt: sql`now() - interval '61 seconds'` }).where(eq(refunds.status, 'pending'));
    const again = await t.app.refunds.refund(reference);
    expect(again.status).toBe('pending');
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, (await orderOf(reference)).id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'pending']);
    expect([...standIn.refunds.values()].filter((r) => r.transactionReference === reference)).toHaveLength(1);
  });
});
