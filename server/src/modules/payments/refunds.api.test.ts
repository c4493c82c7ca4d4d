import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitPrice } from '#common/payments';
import { REFUND_MESSAGES } from '#common/schemas/payments';
import type { Track } from '#common/schemas/catalog/responses';
import type { ArtistSalesResponse, PayoutsResponse } from '#common/schemas/sales';
import { ledgerEntries, orders, payouts, refunds, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TestArtist } from '../../../test/support/artists';
import { buyInSimulatedCheckout } from '../../../test/support/buying';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../../../test/support/smtp-capture';
import { SIMULATED_SECRET_KEY, signWebhook, type SimulatedProvider } from '../payment-provider';
import { refundSplit } from '../payouts';

const HOUR = 3_600_000;

/**
 * Refunds (issue 16, item 6) through the real app and the simulated provider: the operator's
 * refund (app.refunds, what `npm run purchases -- refund` calls), the provider's refund.* webhooks,
 * the ledger, Total Revenue, the sales table, the payouts card, and the buyer's downloads.
 */
describe('refunds (issue 16)', () => {
  let t: CatalogTestApp;
  let smtp: SmtpCapture;
  let media: MediaFixtures;
  let track: Track;

  const db = () => t.app.database.db;
  const provider = () => t.app.paymentsProvider as SimulatedProvider;
  /** The provider's webhooks delivered, and the jobs they made run. */
  const settle = async () => {
    await provider().idle();
    await t.app.jobs.drain();
  };

  /** A whole checkout in the simulated provider, and the provider's webhooks it set off. Answers the reference and the browser's cookie. */
  async function buy(email: string, item: { trackId: string }, channel: 'card' | 'mobile_money' = 'mobile_money') {
    const bought = await buyInSimulatedCheckout(t, email, item, { channel });
    await settle();
    return bought;
  }

  const orderOf = async (reference: string) => (await db().select().from(orders).where(eq(orders.reference, reference)))[0]!;
  const ledgerOf = async (reference: string) => {
    const order = await orderOf(reference);
    return db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
  };
  const refundsOf = async (reference: string) => {
    const order = await orderOf(reference);
    return db().select().from(refunds).where(eq(refunds.orderId, order.id));
  };
  const revenue = async (who: TestArtist) => (await t.request('GET', '/api/analytics', { cookie: who.cookie })).body.totalRevenue as number;
  const salesOf = async (who: TestArtist) => (await t.request('GET', '/api/sales', { cookie: who.cookie })).body as ArtistSalesResponse;
  const payoutsOf = async (who: TestArtist) => (await t.request('GET', '/api/payouts', { cookie: who.cookie })).body as PayoutsResponse;
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  /** Moves every ledger entry of the order back in time (a sale settles after 24 hours). */
  async function age(reference: string, hours: number) {
    const order = await orderOf(reference);
    await db()
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - hours * HOUR) })
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'sale')));
  }

  async function newSeller(price = '500'): Promise<{ artist: TestArtist; song: Track }> {
    const artist = await t.artist();
    expect((await t.request('POST', '/api/payment-methods/mobile-money', { cookie: artist.cookie, json: { mobileNumber: '0712345678' } })).status).toBe(201);
    return { artist, song: await t.uploadTrack(artist, media.mp3Short, { trackName: 'Kesho', price }) };
  }

  beforeAll(async () => {
    media = await mediaFixtures();
    smtp = await startSmtpCapture();
    t = await CatalogTestApp.start('local', { SMTP_URL: smtp.url });
    ({ song: track } = await newSeller('500'));
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('splits a refund in proportion to what was paid, in integers, exactly for a full refund', () => {
    // KES 500 + KES 108 fee = KES 608 paid; the artist's share is KES 450, the platform's KES 50.
    expect(refundSplit({ price: 50_000, fee: 10_800, amount: 60_800 }, 60_800)).toEqual({ price: 50_000, fee: 10_800, artistShare: 45_000, platformShare: 5_000 });
    // Half of it back: each part halves; the fee takes what rounding leaves.
    expect(refundSplit({ price: 50_000, fee: 10_800, amount: 60_800 }, 30_400)).toEqual({ price: 25_000, fee: 5_400, artistShare: 22_500, platformShare: 2_500 });
    const odd = refundSplit({ price: 12_345, fee: 10_100, amount: 22_445 }, 1_001);
    expect(odd.artistShare).toBe(Math.floor((11_111 * 1_001) / 22_445));
    expect(odd.price + odd.fee).toBe(1_001);
    expect(() => refundSplit({ price: 50_000, fee: 10_800, amount: 60_800 }, 60_801)).toThrow(RangeError);
    expect(() => refundSplit({ price: 50_000, fee: 10_800, amount: 60_800 }, 0)).toThrow(RangeError);
  });

  it('refunds a sale in full: refunded, one negative ledger entry, revenue, sales and balance drop, downloads refused', async () => {
    const { artist, song } = await newSeller('500');
    const email = 'full@example.com';
    const { reference, cookie } = await buy(email, { trackId: song.id });
    const receipt = smtp.mailTo(email).find((mail) => mail.subject.startsWith('Your Sauti purchase'))!;
    // The receipt links the purchase page; its token is the e-mailed grant, also on the bare file link.
    const token = linkIn(receipt, `/purchase/${reference}`).searchParams.get('token')!;
    const link = new URL(`${t.baseUrl}/api/tracks/${song.id}/download?token=${token}`);
    expect((await t.fetchBytes(`/api/tracks/${song.id}/download`, { cookie })).status).toBe(200);
    expect((await t.fetchBytes(`${link.pathname}${link.search}`)).status).toBe(200);
    expect(await revenue(artist)).toBe(45_000);
    const before = await payoutsOf(artist);
    expect(before.balance.owed + before.balance.pending).toBe(45_000);

    const asked = await t.app.refunds.refund(reference);
    expect(asked).toMatchObject({ reference, amount: 60_800, status: 'pending' });
    // Still paid until the provider reports it processed.
    expect((await orderOf(reference)).status).toBe('paid');
    await settle();

    expect((await orderOf(reference)).status).toBe('refunded');
    expect(await refundsOf(reference)).toMatchObject([{ status: 'processed', amount: 60_800, providerRefundId: expect.any(String) }]);
    const entries = await ledgerOf(reference);
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => entry.kind === 'refund')).toMatchObject({ amountPaid: -60_800, fee: -10_800, price: -50_000, platformShare: -5_000, artistShare: -45_000, settlement: 'balance' });

    expect(await revenue(artist)).toBe(0);
    const sales = await salesOf(artist);
    expect(sales.sales).toHaveLength(1);
    expect(sales.sales[0]).toMatchObject({ reference, status: 'refunded', price: 50_000, artistShare: 45_000, refundedShare: 45_000 });
    expect(sales.totals).toEqual({ count: 0, price: 0, artistShare: 0 });
    const after = await payoutsOf(artist);
    expect(after.balance.owed + after.balance.pending).toBe(0);

    // The buying browser and the e-mailed link no longer download, and both say why.
    const byCookie = await t.request('GET', `/api/tracks/${song.id}/download`, { cookie });
    expect(byCookie.status).toBe(403);
    expect(byCookie.body.message).toBe(REFUND_MESSAGES.refunded);
    const byLink = await t.request('GET', `${link.pathname}${link.search}`);
    expect(byLink.status).toBe(403);
    expect(byLink.body.message).toBe(REFUND_MESSAGES.refunded);
    expect((await t.request('GET', '/api/purchases/owned', { cookie })).body).toEqual({ trackIds: [], albumIds: [] });
    // A replayed charge.success never sells it again; verify says it was refunded.
    expect(await t.app.refunds.check(reference)).toMatchObject([{ status: 'processed' }]);
    const verify = await t.request('POST', '/api/payments/verify', { json: { reference }, cookie });
    expect(verify.status).toBe(403);
    expect((await orderOf(reference)).status).toBe('refunded');
    expect(await ledgerOf(reference)).toHaveLength(2);
  });

  it('refunds part of a sale: the artist gives back their share of that part only, and access ends', async () => {
    const { artist, song } = await newSeller('1000');
    // KES 1,000 + KES 115 fee = KES 1,115 paid; KES 300.50 back.
    const { reference, cookie } = await buy('partial@example.com', { trackId: song.id }, 'card');
    const paid = (await orderOf(reference)).amount;
    expect(paid).toBe(111_500);
    const part = refundSplit({ price: 100_000, fee: 11_500, amount: paid }, 30_050);
    expect(await t.app.refunds.refund(reference, { amount: 30_050 })).toMatchObject({ amount: 30_050, status: 'pending' });
    await settle();

    expect((await orderOf(reference)).status).toBe('refunded');
    const refund = (await ledgerOf(reference)).find((entry) => entry.kind === 'refund')!;
    expect(refund).toMatchObject({ amountPaid: -30_050, artistShare: -part.artistShare, platformShare: -part.platformShare, price: -part.price, fee: -part.fee });
    expect(part.artistShare).toBe(Math.floor((90_000 * 30_050) / 111_500));
    const kept = splitPrice(100_000).artistShare - part.artistShare;
    expect(await revenue(artist)).toBe(kept);
    const sales = await salesOf(artist);
    expect(sales.sales[0]).toMatchObject({ status: 'refunded', artistShare: splitPrice(100_000).artistShare, refundedShare: part.artistShare });
    expect(sales.totals).toEqual({ count: 0, price: 100_000 - part.price, artistShare: kept });
    const summary = (await t.request('GET', '/api/sales/summary', { cookie: artist.cookie })).body;
    expect(summary.totals.artistShare).toBe(kept);
    expect((await payoutsOf(artist)).balance.owed + (await payoutsOf(artist)).balance.pending).toBe(kept);
    expect((await t.request('GET', `/api/tracks/${song.id}/download`, { cookie })).status).toBe(403);
  });

  it('refuses an unknown reference, an unpaid order, an amount out of range and a second refund, changing nothing', async () => {
    const { reference } = await buy('refusals@example.com', { trackId: track.id });
    const pending = await t.request('POST', '/api/payments/initialize', { json: { email: 'unpaid@example.com', trackId: track.id } });
    const unpaid = pending.body.data.reference as string;
    const rows = async () => (await db().select().from(refunds)).length;
    const entries = async () => (await db().select().from(ledgerEntries)).length;
    const [refundsBefore, entriesBefore] = [await rows(), await entries()];

    expect((await refusal(t.app.refunds.refund('sauti-no-such-order'))).code).toBe('refund.order-not-found');
    expect((await refusal(t.app.refunds.refund(unpaid))).code).toBe('refund.not-paid');
    for (const amount of [0, -100, 60_801, 1.5]) {
      const error = await refusal(t.app.refunds.refund(reference, { amount }));
      expect(error.code, String(amount)).toBe('refund.amount-invalid');
      expect(error.statusCode).toBe(400);
    }
    expect([await rows(), await entries()]).toEqual([refundsBefore, entriesBefore]);
    expect((await orderOf(reference)).status).toBe('paid');

    // One under way: a second is refused (on any process: the partial unique index), then once processed, refused as refunded.
    await t.app.refunds.refund(reference);
    expect((await refusal(t.app.refunds.refund(reference))).code).toBe('refund.in-progress');
    await settle();
    expect((await refusal(t.app.refunds.refund(reference))).code).toBe('refund.already-refunded');
    expect((await refundsOf(reference)).length).toBe(1);
    expect((await ledgerOf(reference)).length).toBe(2);
  });

  it('applies a replayed webhook, concurrent checks and a retry exactly once', async () => {
    const { artist, song } = await newSeller('500');
    const { reference } = await buy('replay@example.com', { trackId: song.id });
    const asked = await t.app.refunds.refund(reference);
    await provider().idle();
    // Before the webhooks' jobs run: the command's check, twice at once, and the jobs, racing.
    await Promise.all([t.app.refunds.check(reference), t.app.refunds.check(reference), t.app.jobs.drain()]);
    expect((await ledgerOf(reference)).filter((entry) => entry.kind === 'refund')).toHaveLength(1);

    // The provider's refund.processed again (Paystack retries): a duplicate, and nothing changes.
    const body = JSON.stringify({ event: 'refund.processed', data: { status: 'processed', transaction_reference: reference, refund_reference: 'x', amount: '60800', currency: 'KES' } });
    const post = () => t.request('POST', '/api/payments/webhook', { headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(body, SIMULATED_SECRET_KEY) }, json: JSON.parse(body) });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    await t.app.jobs.drain();
    const seen = await db().select().from(webhookEvents).where(eq(webhookEvents.key, `${asked.id}:${reference}`));
    expect(seen.map((row) => row.event).sort()).toEqual(['refund.processed', 'refund.processing']);
    expect((await ledgerOf(reference)).filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    expect(await revenue(artist)).toBe(0);
  });

  it('leaves the sale paid when the refund fails or needs attention, and lets it be tried again', async () => {
    const { artist, song } = await newSeller('500');
    const { reference, cookie } = await buy('fails@example.com', { trackId: song.id });
    await t.app.refunds.refund(reference, { note: 'bad number [simulate:failed]' });
    await settle();
    expect(await refundsOf(reference)).toMatchObject([{ status: 'failed', providerMessage: expect.stringContaining('failed') }]);
    expect((await orderOf(reference)).status).toBe('paid');
    expect(await revenue(artist)).toBe(45_000);
    expect((await t.fetchBytes(`/api/tracks/${song.id}/download`, { cookie })).status).toBe(200);

    await t.app.refunds.refund(reference, { note: '[simulate:needs-attention]' });
    await settle();
    expect((await refundsOf(reference)).map((row) => row.status).sort()).toEqual(['failed', 'needs-attention']);
    expect((await orderOf(reference)).status).toBe('paid');
    expect((await refusal(t.app.refunds.refund(reference))).code).toBe('refund.in-progress');
    // The operator finishes it in Paystack's dashboard: the provider reports it processed.
    const open = (await refundsOf(reference)).find((row) => row.status === 'needs-attention')!;
    await provider().settleRefund(open.providerRefundId!, 'processed');
    await settle();
    expect((await orderOf(reference)).status).toBe('refunded');
    expect(await revenue(artist)).toBe(0);
    const listed = await t.app.refunds.list();
    expect(listed.filter((row) => row.reference === reference).map((row) => row.status).sort()).toEqual(['failed', 'processed']);
  });

  it('takes a refund after an M-Pesa payout from the next payout, never sending a negative one', async () => {
    const { artist, song } = await newSeller('500');
    const first = await buy('paidout@example.com', { trackId: song.id });
    await age(first.reference, 25);
    const run1 = await t.app.payouts.run();
    await settle();
    const mine = () => db().select().from(payouts).where(eq(payouts.userId, artist.id));
    expect(await mine()).toMatchObject([{ amount: 43_000, fee: 2_000 }]);
    expect(run1.created).toBeGreaterThanOrEqual(1);
    expect(await t.app.payouts.balance(artist.id)).toBe(0);

    await t.app.refunds.refund(first.reference);
    await settle();
    // Already paid out: the balance goes below zero by the artist's share, on record as the negative entry.
    expect(await t.app.payouts.balance(artist.id)).toBe(-45_000);
    expect((await payoutsOf(artist)).balance.owed).toBe(-45_000);
    await t.app.payouts.run();
    await settle();
    expect(await mine()).toHaveLength(1);

    // Two more sales settle: the next payout nets the refund.
    for (const email of ['next1@example.com', 'next2@example.com']) {
      const sale = await buy(email, { trackId: song.id });
      await age(sale.reference, 25);
    }
    expect(await t.app.payouts.balance(artist.id)).toBe(45_000);
    await t.app.payouts.run();
    await settle();
    const all = await mine();
    expect(all).toHaveLength(2);
    expect(all.every((payout) => payout.amount > 0)).toBe(true);
    expect(all.map((payout) => payout.amount + payout.fee).reduce((a, b) => a + b, 0)).toBe(90_000);
    expect(await t.app.payouts.balance(artist.id)).toBe(0);
    expect(await revenue(artist)).toBe(90_000);
  });
});

