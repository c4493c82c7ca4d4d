import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalAmount, processingFee, splitPrice } from '#common/payments';
import { PAYMENT_MESSAGES } from '#common/schemas/payments';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { downloadGrants, ledgerEntries, orders, simulatedTransactions } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa as addMpesaOf, buyerCookieOf } from '../../../test/support/buying';
import type { CatalogTestApp, HttpResponse } from '../../../test/support/catalog-app';
import { closeMailedApp, startMailedApp } from '../../../test/support/mailed-app';
import { decodedSecondsOfBytes, type MediaFixtures } from '../../../test/support/media-fixtures';
import type { PaystackStandIn } from '../../../test/support/paystack-stand-in';
import type { SmtpCapture } from '../../../test/support/smtp-capture';
import { revokeLinksOf } from './index';
import { SIMULATED_SECRET_KEY, TEST_CARD_DECLINED, TEST_CARD_SUCCESS, signWebhook } from '../payment-provider';

type Mode = 'simulated' | 'paystack';

describe.each<Mode>(['simulated', 'paystack'])('purchases with the %s provider', (mode) => {
  let t: CatalogTestApp, smtp: SmtpCapture, standIn: PaystackStandIn | undefined, media: MediaFixtures, seller: TestArtist, track: Track;
  const PRICE = 50_000; // KES 500.00

  beforeAll(async () => {
    ({ t, smtp, standIn, media } = await startMailedApp({ provider: mode }));
    seller = await t.artist();
    await addMpesa(seller);
    track = await upload(seller, { trackName: 'Kesho', price: '500' });
  });
  afterAll(() => closeMailedApp({ t, smtp, standIn }));

  const secretKey = () => (standIn ? standIn.secretKey : SIMULATED_SECRET_KEY);

  const upload = (artist: TestArtist, fields: Record<string, string>): Promise<Track> => t.uploadTrack(artist, media.mp3Short, fields);

  const addMpesa = (artist: TestArtist) => addMpesaOf(t, artist);

  async function initialize(body: Record<string, unknown>, cookie?: string) {
    return t.request('POST', '/api/payments/initialize', { json: body, ...(cookie ? { cookie } : {}) });
  }

  /** The buyer pays in the checkout: the simulated page's Pay, or the stand-in's customer (amount/currency tampered at will). */
  async function pay(data: { reference: string; accessCode: string }, tamper: { amount?: number; currency?: string } = {}) {
    if (standIn) {
      standIn.payTransaction(data.reference, tamper);
      return;
    }
    const response = await t.request('POST', `/api/payments/simulated/checkout/${data.accessCode}/pay`, {
      json: { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' },
    });
    expect(response.body.status).toBe('success');
    // What a tampered checkout would leave at the provider: a charge of another amount or currency.
    if (tamper.amount !== undefined || tamper.currency !== undefined) {
      await t.app.database.db
        .update(simulatedTransactions)
        .set({ ...(tamper.amount !== undefined ? { amount: tamper.amount } : {}), ...(tamper.currency ? { currency: tamper.currency } : {}) })
        .where(eq(simulatedTransactions.reference, data.reference));
    }
  }

  const verify = (reference: string, cookie?: string) => t.request('POST', '/api/payments/verify', { json: { reference }, ...(cookie ? { cookie } : {}) });

  const orderOf = async (reference: string) => (await t.app.database.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
  const ledgerOf = async (orderId: string) => t.app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  const receiptsTo = (email: string) => smtp.mailTo(email).filter((mail) => mail.subject.startsWith('Your Sauti purchase'));

  /** Sends queued mail and runs queued webhook work. */
  const drain = () => t.app.jobs.drain();

  async function webhook(body: unknown, signature?: string) {
    const raw = JSON.stringify(body);
    const response = await fetch(`${t.baseUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-paystack-signature': signature }) },
      body: raw,
    });
    return { status: response.status, body: await response.text() };
  }
  const signed = (body: unknown) => webhook(body, signWebhook(JSON.stringify(body), secretKey()));

  describe('initialize', () => {
    it('refuses a missing or malformed e-mail with the spec message, and writes no order', async () => {
      const before = (await t.app.database.db.select().from(orders)).length;
      for (const email of [undefined, '', '   ']) {
        const response = await initialize({ email, trackId: track.id });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(PAYMENT_MESSAGES.emailRequired);
      }
      for (const email of ['not-an-email', 'fan@example.com\r\nBcc: victim@example.com', 'fan@example.com\nSubject: x', `${'a'.repeat(250)}@example.com`]) {
        const response = await initialize({ email, trackId: track.id });
        expect(response.status, email).toBe(400);
      }
      expect((await t.app.database.db.select().from(orders)).length).toBe(before);
    });

    it('needs exactly one existing, priced item whose artist can be paid', async () => {
      expect((await initialize({ email: 'fan@example.com' })).status).toBe(400);
      expect((await initialize({ email: 'fan@example.com', trackId: track.id, albumId: track.id })).status).toBe(400);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; drop table orders; --"]) {
        expect((await initialize({ email: 'fan@example.com', trackId: id })).status).toBe(404);
        expect((await initialize({ email: 'fan@example.com', albumId: id })).status).toBe(404);
      }
      const free = await upload(seller, { trackName: 'Bure' });
      const refusedFree = await initialize({ email: 'fan@example.com', trackId: free.id });
      expect(refusedFree.status).toBe(409);
      expect(refusedFree.body.message).toBe(PAYMENT_MESSAGES.notForSale);

      const unpaid = await t.artist();
      const priced = await upload(unpaid, { price: '100' });
      const refusedSeller = await initialize({ email: 'fan@example.com', trackId: priced.id });
      expect(refusedSeller.status).toBe(409);
      expect(refusedSeller.body.message).toBe(PAYMENT_MESSAGES.sellerNotReady);
    });

    it('answers the reference and the price plus the spec fee, and records a pending order', async () => {
      const response = await initialize({ email: ' Fan@Example.com ', trackId: track.id, callbackUrl: 'https://evil.example/steal' });
      expect(response.status).toBe(200);
      const { data } = response.body;
      expect(data.finalAmount).toBe(finalAmount(PRICE));
      expect(data.fee).toBe(processingFee(PRICE));
      expect(data.fee).toBe(10_800); // round(500 x 0.015) + 100 = KES 108
      expect(data.reference).toMatch(/^[A-Za-z0-9.=-]+$/);
      expect(data.item).toEqual({ id: track.id, name: 'Kesho', price: PRICE, type: 'track' });
      expect(response.headers.get('cache-control')).toBe('no-store');
      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/sauti_buyer=[^;]+;.*HttpOnly/i);
      const order = await orderOf(data.reference);
      expect(order).toMatchObject({ status: 'pending', email: 'fan@example.com', price: PRICE, fee: 10_800, amount: 60_800, settlement: 'balance' });
      if (standIn) {
        const sent = standIn.transactions.get(data.reference)!;
        expect(sent).toMatchObject({ amount: 60_800, currency: 'KES', email: 'fan@example.com' });
      }
    });
  });

  describe('a whole purchase', () => {
    it('grants the buying browser and the e-mailed link only after the provider confirms the exact amount', async () => {
      const email = `buyer-${mode}@example.com`;
      const init = await initialize({ email, trackId: track.id });
      const cookie = buyerCookieOf(init);
      const { reference, accessCode } = init.body.data;

      // Nothing before payment: no download, verify says not completed.
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie })).status).toBe(402);
      const early = await verify(reference, cookie);
      expect(early.status).toBe(402);
      expect(early.body.message).toBe(PAYMENT_MESSAGES.paymentNotCompleted);

      await pay({ reference, accessCode });
      const verified = await verify(reference, cookie);
      expect(verified.status).toBe(200);
      expect(verified.body.data).toEqual({
        alreadyProcessed: false,
        reference,
        item: { id: track.id, name: 'Kesho', price: PRICE, type: 'track' },
        downloadUrl: `/api/tracks/${track.id}/download`,
      });
      const file = await t.fetchBytes(verified.body.data.downloadUrl, { cookie });
      expect(file.status).toBe(200);
      expect(file.bytes.equals(fs.readFileSync(media.mp3Short))).toBe(true);

      // Told once: a second verify, or another browser, learns that the e-mail has the link.
      const again = await verify(reference, cookie);
      expect(again.body.data.alreadyProcessed).toBe(true);
      expect(again.body.message).toBe(PAYMENT_MESSAGES.alreadyProcessed);
      const stranger = await verify(reference);
      expect(stranger.body.data).toMatchObject({ alreadyProcessed: true, downloadUrl: null });

      // One sale in the ledger, split 90/10 of the price; Total Revenue is the artist's share.
      const order = await orderOf(reference);
      expect(order.status).toBe('paid');
      const entries = await ledgerOf(order.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ amountPaid: 60_800, fee: 10_800, price: PRICE, ...splitPrice(PRICE), settlement: 'balance' });
      const analytics = await t.request('GET', '/api/analytics', { cookie: seller.cookie });
      expect(analytics.body.totalRevenue).toBe(45_000);

      // One receipt, whose link downloads from any device; an e-mail in the URL does not.
      await drain();
      const receipts = receiptsTo(email);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain('KES 608.00');
      // It links the purchase page (issue 16); the bare file link of older mails takes the same token.
      const page = new URL(/https?:\/\/\S+\/purchase\/\S+\?token=[\w-]+/.exec(receipts[0]!.text)![0]);
      expect(page.pathname).toBe(`/purchase/${reference}`);
      const link = new URL(`/api/tracks/${track.id}/download?token=${page.searchParams.get('token')}`, page);
      expect((await t.fetchBytes(`${link.pathname}${link.search}`)).status).toBe(200);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download?email=${encodeURIComponent(email)}`)).status).toBe(402);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download?token=${'x'.repeat(43)}`)).status).toBe(402);
      // The operator revokes the e-mailed links (npm run purchases -- revoke): the link stops working.
      expect(await revokeLinksOf(t.app.database.db, reference)).toEqual({ status: 'paid', revoked: 1 });
      expect((await t.fetchBytes(`${link.pathname}${link.search}`)).status).toBe(402);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie })).status).toBe(200);

      // Sold: the owner sees the sale, nobody else does, and the track cannot be deleted.
      const sales = await t.request('GET', `/api/purchases/track/${track.id}`, { cookie: seller.cookie });
      expect(sales.body).toHaveLength(1);
      const other = await t.artist();
      expect((await t.request('GET', `/api/purchases/track/${track.id}`, { cookie: other.cookie })).status).toBe(404);
      const deletion = await t.request('DELETE', `/api/tracks/${track.id}`, { cookie: seller.cookie });
      expect(deletion.status).toBe(409);
      expect(deletion.body.message).toBe('This track has been sold and cannot be deleted to preserve purchase records.');
    });

    it('records one sale, one receipt and one ledger entry when verify and webhooks race, and replays change nothing', async () => {
      const email = `race-${mode}@example.com`;
      const init = await initialize({ email, trackId: track.id });
      const cookie = buyerCookieOf(init);
      const { reference, accessCode } = init.body.data;
      await pay({ reference, accessCode });
      const event = { event: 'charge.success', data: { id: 991, reference, status: 'success', amount: 60_800, currency: 'KES' } };
      const results = await Promise.all([verify(reference, cookie), verify(reference, cookie), signed(event), signed(event), drain(), verify(reference)]);
      await drain();
      expect(results.slice(0, 2).filter((r) => (r as HttpResponse).body.data?.alreadyProcessed === false)).toHaveLength(1);
      const order = await orderOf(reference);
      expect(order.status).toBe('paid');
      expect(await ledgerOf(order.id)).toHaveLength(1);
      expect(await t.app.database.db.select().from(downloadGrants).where(eq(downloadGrants.orderId, order.id))).toHaveLength(1);
      expect(receiptsTo(email)).toHaveLength(1);
      expect((await signed(event)).status).toBe(200); // a replay is acknowledged and ignored
      await drain();
      expect(receiptsTo(email)).toHaveLength(1);
    });

    it('fulfils from the webhook alone (the browser closed), after re-verifying with the provider', async () => {
      const email = `webhook-${mode}@example.com`;
      const init = await initialize({ email, trackId: track.id });
      const { reference, accessCode } = init.body.data;
      // A signed event for a payment the provider has not seen succeed grants nothing.
      expect((await signed({ event: 'charge.success', data: { id: 1, reference, status: 'success', amount: 60_800, currency: 'KES' } })).status).toBe(200);
      await drain();
      expect((await orderOf(reference)).status).not.toBe('paid');
      await pay({ reference, accessCode });
      await signed({ event: 'charge.success', data: { id: 2, reference, status: 'success', amount: 60_800, currency: 'KES' } });
      await drain();
      expect((await orderOf(reference)).status).toBe('paid');
      expect(receiptsTo(email)).toHaveLength(1);
      // The buying browser still gets its download on its own verify.
      expect((await verify(reference, buyerCookieOf(init))).body.data.alreadyProcessed).toBe(false);
    });

    it('fulfils a payment no webhook announced when the scheduled check asks the provider', async () => {
      const init = await initialize({ email: `quiet-${mode}@example.com`, trackId: track.id });
      const { reference, accessCode } = init.body.data;
      await pay({ reference, accessCode });
      // The scheduled job looks at orders pending for 10 minutes: run it as if 11 minutes had passed.
      await t.app.database.db.update(orders).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(orders.reference, reference));
      await t.app.jobs.enqueue('payments.reconcile', {});
      await drain();
      expect((await orderOf(reference)).status).toBe('paid');
    });
  });

  describe('hostile and broken input', () => {
    it('refuses unsigned, mis-signed and malformed webhooks and grants nothing', async () => {
      const init = await initialize({ email: 'forger@example.com', trackId: track.id });
      const { reference } = init.body.data;
      const body = { event: 'charge.success', data: { id: 5, reference, status: 'success', amount: 60_800, currency: 'KES' } };
      expect((await webhook(body)).status).toBe(401);
      expect((await webhook(body, signWebhook(JSON.stringify(body), 'sk_test_wrong'))).status).toBe(401);
      expect((await webhook(body, 'abc')).status).toBe(401);
      expect((await webhook(body, signWebhook(JSON.stringify({ ...body, x: 1 }), secretKey()))).status).toBe(401);
      const notJson = 'not json';
      const response = await fetch(`${t.baseUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(notJson, secretKey()) },
        body: notJson,
      });
      expect(response.status).toBe(400);
      await drain();
      expect((await orderOf(reference)).status).toBe('pending');
    });

    it('refuses verify for an unknown or malformed reference', async () => {
      expect((await verify('sauti-00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await verify('../../etc/passwd')).status).toBe(400);
      expect((await verify('')).status).toBe(400);
    });

    it('a declined card pays nothing and grants nothing', async () => {
      if (standIn) {
        const init = await initialize({ email: 'declined@example.com', trackId: track.id });
        standIn.payTransaction(init.body.data.reference, { status: 'failed' });
        expect((await verify(init.body.data.reference, buyerCookieOf(init))).status).toBe(402);
        return;
      }
      const init = await initialize({ email: 'declined@example.com', trackId: track.id });
      const attempt = await t.request('POST', `/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, {
        json: { channel: 'card', cardNumber: TEST_CARD_DECLINED, cvv: '408', expiry: '12/30' },
      });
      expect(attempt.body.status).toBe('failed');
      expect((await verify(init.body.data.reference, buyerCookieOf(init))).status).toBe(402);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie: buyerCookieOf(init) })).status).toBe(402);
    });

    it('an underpaid or wrong-currency payment grants nothing and records no sale', async () => {
      for (const tamper of [{ amount: 100 }, { currency: 'NGN' }]) {
        const init = await initialize({ email: 'short@example.com', trackId: track.id });
        const { reference, accessCode } = init.body.data;
        await pay({ reference, accessCode }, tamper);
        const response = await verify(reference, buyerCookieOf(init));
        expect(response.status).toBe(402);
        expect(response.body.message).toBe(PAYMENT_MESSAGES.paymentMismatch);
        const order = await orderOf(reference);
        expect(order.status).toBe('mismatch');
        expect(await ledgerOf(order.id)).toHaveLength(0);
        expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie: buyerCookieOf(init) })).status).toBe(402);
      }
    });

    it('a payment of another item grants only that item', async () => {
      const cheap = await upload(seller, { trackName: 'Nafuu', price: '10' });
      const init = await initialize({ email: 'cheap@example.com', trackId: cheap.id });
      const cookie = buyerCookieOf(init);
      await pay(init.body.data);
      expect((await verify(init.body.data.reference, cookie)).status).toBe(200);
      expect((await t.fetchBytes(`/api/tracks/${cheap.id}/download`, { cookie })).status).toBe(200);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie })).status).toBe(402);
    });

    it('a buyer hears a preview-only track whole; everyone else hears the 25-second preview', async () => {
      const response = await t.sendForm(
        'POST',
        '/api/tracks',
        { fields: { trackName: 'Hakiki', artistName: 'Wanjiru', price: '20', allowFullPlayback: 'false' }, files: [{ field: 'audio', path: media.mp3Long }] },
        seller.cookie,
      );
      expect(response.status).toBe(201);
      const preview: Track = response.body;
      await drain();
      const init = await initialize({ email: 'listener@example.com', trackId: preview.id });
      const cookie = buyerCookieOf(init);
      const before = await t.fetchBytes(`/api/tracks/${preview.id}/stream`, { cookie });
      expect(decodedSecondsOfBytes(before.bytes)).toBeLessThanOrEqual(26);
      await pay(init.body.data);
      expect((await verify(init.body.data.reference, cookie)).status).toBe(200);
      const whole = await t.fetchBytes(`/api/tracks/${preview.id}/stream`, { cookie });
      expect(decodedSecondsOfBytes(whole.bytes)).toBeGreaterThan(38);
      const stranger = await t.fetchBytes(`/api/tracks/${preview.id}/stream`);
      expect(decodedSecondsOfBytes(stranger.bytes)).toBeLessThanOrEqual(26);
    });

    it('double clicks on Buy make separate orders, and only the paid one is granted', async () => {
      const [a, b] = await Promise.all([initialize({ email: 'double@example.com', trackId: track.id }), initialize({ email: 'double@example.com', trackId: track.id })]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.data.reference).not.toBe(b.body.data.reference);
      await pay(a.body.data);
      expect((await verify(a.body.data.reference, buyerCookieOf(a))).status).toBe(200);
      expect((await verify(b.body.data.reference, buyerCookieOf(b))).status).toBe(402);
    });
  });

  describe('albums and receipts again', () => {
    let album: Album;
    beforeAll(async () => {
      album = await t.uploadAlbum(seller, { albumName: 'Siku Moja', price: '1000' }, [
        { trackName: 'Moja', file: media.mp3Short },
        { trackName: 'Mbili', file: media.mp3Short, price: '200' },
      ]);
    });

    it('buying an album grants its ZIP and its priced songs', async () => {
      const init = await initialize({ email: 'album@example.com', albumId: album.id });
      expect(init.body.data.finalAmount).toBe(finalAmount(100_000));
      const cookie = buyerCookieOf(init);
      expect((await t.fetchBytes(`/api/albums/${album.id}/download`, { cookie })).status).toBe(402);
      await pay(init.body.data);
      const verified = await verify(init.body.data.reference, cookie);
      expect(verified.body.data.downloadUrl).toBe(`/api/albums/${album.id}/download`);
      const zip = await t.fetchBytes(verified.body.data.downloadUrl, { cookie });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const priced = album.tracks.find((song) => song.trackName === 'Mbili')!;
      expect((await t.fetchBytes(`/api/tracks/${priced.id}/download`, { cookie })).status).toBe(200);
      // A song of a sold album is sold too.
      expect((await t.request('DELETE', `/api/tracks/${priced.id}`, { cookie: seller.cookie })).status).toBe(409);
    });

    it('re-sends a new link to the buying e-mail only, with the same answer for anyone', async () => {
      await drain();
      const before = receiptsTo('album@example.com').length;
      const mine = await t.request('POST', '/api/purchases/resend', { json: { email: 'album@example.com', albumId: album.id } });
      expect(mine.status).toBe(200);
      expect(mine.body.message).toBe(PAYMENT_MESSAGES.receiptResent);
      const theirs = await t.request('POST', '/api/purchases/resend', { json: { email: 'nobody@example.com', albumId: album.id } });
      expect(theirs.body.message).toBe(PAYMENT_MESSAGES.receiptResent);
      await drain();
      expect(receiptsTo('album@example.com')).toHaveLength(before + 1);
      expect(receiptsTo('nobody@example.com')).toHaveLength(0);
    });
  });
});
