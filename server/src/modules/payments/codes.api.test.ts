import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '#common/codes';
import { processingFee } from '#common/payments';
import type { CodeBatch } from '#common/schemas/codes';
import type { ArtistSalesResponse } from '#common/schemas/sales';
import type { Track } from '#common/schemas/catalog/responses';
import { TEST_CARD_SUCCESS } from '../payment-provider';
import { codeBatches, codes, ledgerEntries, orders } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa, buyerCookieOf } from '../../../test/support/buying';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { startSmtpCapture, type SmtpCapture } from '../../../test/support/smtp-capture';
import { CODE_GUESS_LIMITS } from './codes.service';

/**
 * Download and discount codes (issue 21 item 2, docs/decisions/050): the owner makes them, a fan
 * redeems a download code once (a purchase at price 0, with the buyer cookie and the e-mailed
 * link), a discount code lowers the checkout's price, and guessing is limited. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
describe('codes', () => {
  let t: CatalogTestApp;
  let smtp: SmtpCapture;
  let media: MediaFixtures;
  let seller: TestArtist;
  let other: TestArtist;
  let track: Track;
  let otherTrack: Track;
  let addressCounter = 10;

  const db = () => t.app.database.db;
  /** Each test speaks from its own client address, so the guessing limits of one never hold another. */
  const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${addressCounter++}` });
  const create = (body: Record<string, unknown>, cookie = seller.cookie) => t.request('POST', '/api/codes', { cookie, json: body });
  const batchOf = async (body: Record<string, unknown>) => {
    const response = await create({ itemType: 'track', itemId: track.id, kind: 'download', count: 3, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as CodeBatch;
  };
  const redeem = (code: string, email: string, headers = newAddress()) => t.request('POST', '/api/codes/redeem', { json: { code, email }, headers });
  const receiptsTo = (email: string) => smtp.mailTo(email).filter((mail) => mail.subject.startsWith('Your Sauti purchase'));

  beforeAll(async () => {
    media = await mediaFixtures();
    smtp = await startSmtpCapture();
    t = await CatalogTestApp.start('local', { SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    seller = await t.artist();
    other = await t.artist();
    await addMpesa(t, seller);
    track = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Launch', price: '500' });
    otherTrack = await t.uploadTrack(seller, media.mp3Short, { trackName: 'B-side', price: '300' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  describe('making codes', () => {
    it('makes unguessable, unique codes for the owner, XXXX-XXXX-XXXX, and lists them', async () => {
      const batch = await batchOf({ count: 50 });
      expect(batch).toMatchObject({ itemType: 'track', itemId: track.id, itemName: 'Launch', kind: 'download', percentOff: null, count: 50, used: 0 });
      expect(new Set(batch.codes.map((code) => code.code)).size).toBe(50);
      for (const code of batch.codes) expect(code.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      const listed = await t.request('GET', '/api/codes', { cookie: seller.cookie });
      expect(listed.status).toBe(200);
      expect(listed.headers.get('cache-control')).toBe('no-store');
      expect((listed.body.batches as CodeBatch[]).find((b) => b.id === batch.id)?.codes).toHaveLength(50);
      // Another artist sees none of them.
      expect((await t.request('GET', '/api/codes', { cookie: other.cookie })).body.batches).toEqual([]);
    });

    it('answers 404 for another artist’s item or an unknown one, 401 without a session', async () => {
      for (const [body, code] of [
        [{ itemType: 'track', itemId: track.id }, 'track.not-found'],
        [{ itemType: 'track', itemId: '00000000-0000-4000-8000-000000000000' }, 'track.not-found'],
        [{ itemType: 'album', itemId: 'not-a-uuid' }, 'album.not-found'],
      ] as const) {
        const response = await create({ kind: 'download', count: 1, ...body }, other.cookie);
        expect(response.status, JSON.stringify(body)).toBe(404);
        expect(response.body.code).toBe(code);
      }
      expect((await t.request('POST', '/api/codes', { json: { itemType: 'track', itemId: track.id, kind: 'download', count: 1 } })).status).toBe(401);
      expect((await t.request('GET', '/api/codes')).status).toBe(401);
    });

    it('refuses a count of 0 or 1,001, a discount without a percentage or out of 1..100, and other bad input, with 400 and the field', async () => {
      const base = { itemType: 'track', itemId: track.id, kind: 'download', count: 1 };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ count: 0 }, 'count', CODE_MESSAGES.countInvalid],
        [{ count: 1001 }, 'count', CODE_MESSAGES.countInvalid],
        [{ count: 2.5 }, 'count', CODE_MESSAGES.countInvalid],
        [{ count: '5' }, 'count', CODE_MESSAGES.countInvalid],
        [{ kind: 'discount' }, 'percentOff', CODE_MESSAGES.percentRequired],
        [{ kind: 'discount', percentOff: 0 }, 'percentOff', CODE_MESSAGES.percentInvalid],
        [{ kind: 'discount', percentOff: 101 }, 'percentOff', CODE_MESSAGES.percentInvalid],
        [{ kind: 'download', percentOff: 20 }, 'percentOff', CODE_MESSAGES.percentOnlyForDiscount],
        [{ kind: 'gift' }, 'kind', CODE_MESSAGES.kindInvalid],
        [{ itemType: 'song' }, 'itemType', CODE_MESSAGES.itemTypeInvalid],
        [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt', CODE_MESSAGES.expiryInvalid],
        [{ expiresAt: 'tomorrow' }, 'expiresAt', CODE_MESSAGES.expiryInvalid],
      ];
      const before = (await db().select().from(codeBatches)).length;
      for (const [change, field, message] of cases) {
        const response = await create({ ...base, ...change });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.body.code).toBe('form.invalid');
        expect(response.body.errors?.[field], JSON.stringify(change)).toBe(message);
      }
      expect((await t.request('POST', '/api/codes', { cookie: seller.cookie, json: 'nope' })).status).toBe(400);
      expect((await db().select().from(codeBatches)).length).toBe(before);
    });
  });

  describe('a download code', () => {
    it('grants the item once: the browser downloads at once, a link is mailed, the sale is listed as a code at KES 0', async () => {
      const [code] = (await batchOf({ count: 1 })).codes;
      const typed = code!.code.toLowerCase().replace(/-/g, ' ');
      const response = await redeem(typed, 'Gig.Fan@Example.com');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ kind: 'download', item: { id: track.id, type: 'track', name: 'Launch' }, downloadUrl: `/api/tracks/${track.id}/download` });
      const cookie = buyerCookieOf(response);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie })).status).toBe(200);
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`)).status).not.toBe(200);

      await t.app.jobs.drain();
      const mail = receiptsTo('gig.fan@example.com').at(-1)!;
      expect(mail.text).toContain('/purchase/');
      const token = /\/purchase\/[^?\s]+\?token=([\w-]+)/.exec(mail.text)![1]!;
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download?token=${token}`)).status).toBe(200);

      const [order] = await db().select().from(orders).where(eq(orders.reference, response.body.reference));
      expect(order).toMatchObject({ status: 'paid', price: 0, fee: 0, amount: 0, channel: 'code', email: 'gig.fan@example.com' });
      const sales = (await t.request('GET', '/api/sales', { cookie: seller.cookie })).body as ArtistSalesResponse;
      expect(sales.sales.find((sale) => sale.reference === order!.reference)).toMatchObject({ price: 0, artistShare: 0, channel: 'code' });

      const again = await redeem(code!.code, 'someone.else@example.com');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'code.used', message: CODE_MESSAGES.used });
      const listed = ((await t.request('GET', '/api/codes', { cookie: seller.cookie })).body.batches as CodeBatch[]).flatMap((b) => b.codes);
      expect(listed.find((c) => c.code === code!.code)).toMatchObject({ usedBy: 'g***@example.com' });
      expect(listed.find((c) => c.code === code!.code)?.usedAt).toBeTruthy();
    });

    it('is used exactly once when many redeem it at the same moment', async () => {
      const [code] = (await batchOf({ count: 1 })).codes;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => redeem(code!.code, `racer${i}@example.com`)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const [row] = await db().select().from(codes).where(eq(codes.code, code!.code.replace(/-/g, '')));
      const granted = await db().select().from(orders).where(eq(orders.codeId, row!.id));
      expect(granted).toHaveLength(1);
      expect(row!.usedOrderId).toBe(granted[0]!.id);
      expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, granted[0]!.id))).toHaveLength(1);
    });

    it('answers unknown, expired and malformed codes with a clear 4xx', async () => {
      const unknown = await redeem('ZZZZ-ZZZZ-ZZZZ', 'fan@example.com');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 'code.not-found', message: CODE_MESSAGES.unknown });
      const malformed = await redeem('hello', 'fan@example.com');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(CODE_MESSAGES.codeFormat);
      expect((await t.request('POST', '/api/codes/redeem', { json: { code: 'ZZZZ-ZZZZ-ZZZZ', email: 'not an email' }, headers: newAddress() })).status).toBe(400);

      const batch = await batchOf({ count: 1, expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await db().update(codeBatches).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(codeBatches.id, batch.id));
      const expired = await redeem(batch.codes[0]!.code, 'late@example.com');
      expect(expired.status).toBe(409);
      expect(expired.body).toEqual({ code: 'code.expired', message: CODE_MESSAGES.expired });
    });

    it('keeps the code of an address that already owns the item, and mails its link again', async () => {
      const [first, second] = (await batchOf({ count: 2 })).codes;
      expect((await redeem(first!.code, 'owner@example.com')).status).toBe(200);
      const again = await redeem(second!.code, 'owner@example.com');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('purchase.already-owned');
      const [row] = await db().select().from(codes).where(eq(codes.code, second!.code.replace(/-/g, '')));
      expect(row!.usedAt).toBeNull();
    });
  });

  describe('a discount code', () => {
    it('answers the price to pay; initialize with the code charges it, with the fee on the discounted price; the code is used once paid', async () => {
      const batch = await batchOf({ kind: 'discount', percentOff: 20, count: 2 });
      const code = batch.codes[0]!.code;
      const asked = await redeem(code, 'discount@example.com');
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ kind: 'discount', percentOff: 20, price: 40_000, fee: processingFee(40_000), finalAmount: 40_000 + processingFee(40_000), item: { id: track.id, price: 50_000 } });
      // Asking does not use the code.
      expect((await db().select().from(codes).where(eq(codes.code, code.replace(/-/g, ''))))[0]!.usedAt).toBeNull();

      const init = await t.request('POST', '/api/payments/initialize', { json: { email: 'discount@example.com', trackId: track.id, code }, headers: newAddress() });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      expect(init.body.data).toMatchObject({ price: 40_000, fee: processingFee(40_000), finalAmount: 40_000 + processingFee(40_000) });
      // Held for this checkout: another address cannot start one with it, the same address may start again.
      const held = await t.request('POST', '/api/payments/initialize', { json: { email: 'thief@example.com', trackId: track.id, code }, headers: newAddress() });
      expect(held.status).toBe(409);
      expect(held.body).toEqual({ code: 'code.in-use', message: CODE_MESSAGES.inUse });

      const cookie = buyerCookieOf(init);
      const paid = await t.request('POST', `/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, { json: { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' } });
      expect(paid.body.status).toBe('success');
      expect((await t.request('POST', '/api/payments/verify', { json: { reference: init.body.data.reference }, cookie })).status).toBe(200);
      const [order] = await db().select().from(orders).where(eq(orders.reference, init.body.data.reference));
      expect(order).toMatchObject({ status: 'paid', price: 40_000, fee: processingFee(40_000) });
      const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id));
      expect(entry).toMatchObject({ price: 40_000, platformShare: 4_000, artistShare: 36_000 });
      const [row] = await db().select().from(codes).where(eq(codes.code, code.replace(/-/g, '')));
      expect(row).toMatchObject({ usedEmail: 'discount@example.com', usedOrderId: order!.id, reservedUntil: null });

      const reused = await t.request('POST', '/api/payments/initialize', { json: { email: 'again@example.com', trackId: track.id, code }, headers: newAddress() });
      expect(reused.status).toBe(409);
      expect(reused.body.code).toBe('code.used');
    });

    it('refuses a code of another item at initialize, and a download code there', async () => {
      const discount = (await batchOf({ kind: 'discount', percentOff: 50, count: 1 })).codes[0]!.code;
      const foreign = await t.request('POST', '/api/payments/initialize', { json: { email: 'x@example.com', trackId: otherTrack.id, code: discount }, headers: newAddress() });
      expect(foreign.status).toBe(409);
      expect(foreign.body).toEqual({ code: 'code.foreign', message: CODE_MESSAGES.foreign });
      const download = (await batchOf({ count: 1 })).codes[0]!.code;
      const notForCheckout = await t.request('POST', '/api/payments/initialize', { json: { email: 'x@example.com', trackId: track.id, code: download }, headers: newAddress() });
      expect(notForCheckout.status).toBe(409);
      expect(notForCheckout.body.code).toBe('code.foreign');
    });

    it('is free again when its checkout fails, so an abandoned checkout never loses it', async () => {
      const code = (await batchOf({ kind: 'discount', percentOff: 10, count: 1 })).codes[0]!.code;
      const init = await t.request('POST', '/api/payments/initialize', { json: { email: 'declined@example.com', trackId: track.id, code }, headers: newAddress() });
      expect(init.status).toBe(200);
      const declined = await t.request('POST', `/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, { json: { channel: 'card', cardNumber: '4084080000005408', cvv: '408', expiry: '12/30' } });
      expect(declined.body.status).not.toBe('success');
      expect((await t.request('POST', '/api/payments/verify', { json: { reference: init.body.data.reference } })).status).toBe(402);
      const next = await t.request('POST', '/api/payments/initialize', { json: { email: 'second-try@example.com', trackId: track.id, code }, headers: newAddress() });
      expect(next.status).toBe(200);
      // An abandoned hold lapses by itself.
      await db().update(codes).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(codes.code, code.replace(/-/g, '')));
      expect((await t.request('POST', '/api/payments/initialize', { json: { email: 'third@example.com', trackId: track.id, code }, headers: newAddress() })).status).toBe(200);
    });
  });

  describe('guessing', () => {
    it(`refuses a client address after ${CODE_GUESS_LIMITS.perAddress.max} failed codes, even a right one, and not another address`, async () => {
      const from = newAddress();
      for (let i = 0; i < CODE_GUESS_LIMITS.perAddress.max; i++) expect((await redeem('ZZZZ-ZZZZ-ZZZ' + 'ABCDEFGHJKLMNPQRSTUVWXY'[i], 'guess@example.com', from)).status).toBe(404);
      const right = (await batchOf({ count: 1 })).codes[0]!.code;
      const refused = await redeem(right, 'guess@example.com', from);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('request.too-many');
      expect((await redeem(right, 'guess@example.com')).status).toBe(200);
    });

    it(`refuses an item after ${CODE_GUESS_LIMITS.perItem.max} failed codes for it, from any address`, async () => {
      const target = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Target', price: '200' });
      const wrong = (await batchOf({ kind: 'discount', percentOff: 10, count: 1 })).codes[0]!.code; // a code of another item
      for (let i = 0; i < CODE_GUESS_LIMITS.perItem.max; i++) {
        const response = await t.request('POST', '/api/payments/initialize', { json: { email: 'g@example.com', trackId: target.id, code: wrong }, headers: newAddress() });
        expect(response.status).toBe(409);
      }
      const [right] = (await create({ itemType: 'track', itemId: target.id, kind: 'discount', percentOff: 10, count: 1 })).body.codes as CodeBatch['codes'];
      const refused = await t.request('POST', '/api/payments/initialize', { json: { email: 'g@example.com', trackId: target.id, code: right!.code }, headers: newAddress() });
      expect(refused.status).toBe(429);
    });
  });
});
