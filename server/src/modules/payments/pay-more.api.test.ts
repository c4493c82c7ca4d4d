import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountBelowPriceMessage } from '#common/payment-messages';
import { processingFee, splitPrice } from '#common/payments';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { PAYMENT_MESSAGES } from '#common/schemas/payments';
import type { ArtistSalesResponse } from '#common/schemas/sales';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { ledgerEntries, orders } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa, buyInSimulatedCheckout } from '../../../test/support/buying';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';

/**
 * Pay more (issue 21 item 1): an artist lets fans pay more than the price, with a suggestion, or
 * makes a free song 'Name your price'. The amount paid is the sale's price: the fee, the 90/10
 * split, the ledger and the artist's sales follow it. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
describe('pay more', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let seller: TestArtist;
  let fixed: Track;
  let generous: Track;
  let nameYourPrice: Track;

  const db = () => t.app.database.db;
  const initialize = (body: Record<string, unknown>) => t.request('POST', '/api/payments/initialize', { json: { email: 'fan@example.com', ...body } });
  const orderOf = async (reference: string) => (await db().select().from(orders).where(eq(orders.reference, reference)))[0]!;

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    seller = await t.artist();
    await addMpesa(t, seller);
    fixed = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Fixed', price: '500' });
    generous = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Generous', price: '500', payMore: 'true', suggestedPrice: '750' });
    nameYourPrice = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Gift', price: '', payMore: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the catalogue', () => {
    it('keeps payMore and the suggested price, in minor units, and shows them publicly', async () => {
      expect(generous).toMatchObject({ price: 50_000, payMore: true, suggestedPrice: 75_000 });
      expect(fixed).toMatchObject({ payMore: false, suggestedPrice: null });
      const detail = await t.request('GET', `/api/track-detail/${generous.id}`);
      expect(detail.body.track).toMatchObject({ payMore: true, suggestedPrice: 75_000 });
      const free = await t.request('GET', `/api/track-detail/${nameYourPrice.id}`);
      expect(free.body.track).toMatchObject({ price: 0, payMore: true, suggestedPrice: null });
    });

    it('refuses a suggestion below the price, on upload and on edit (even when only the price moves)', async () => {
      const upload = await t.sendForm(
        'POST',
        '/api/tracks',
        { fields: { trackName: 'Low', artistName: 'W', price: '500', payMore: 'true', suggestedPrice: '400' }, files: [{ field: 'audio', path: media.mp3Short }] },
        seller.cookie,
      );
      expect(upload.status).toBe(400);
      expect(upload.body.message).toBe(CATALOG_MESSAGES.suggestedBelowPrice);

      const raised = await t.sendForm('PATCH', `/api/tracks/${generous.id}`, { fields: { price: '800' } }, seller.cookie);
      expect(raised.status).toBe(400);
      expect(raised.body.message).toBe(CATALOG_MESSAGES.suggestedBelowPrice);

      const both = await t.sendForm('PATCH', `/api/tracks/${fixed.id}`, { fields: { payMore: 'true', suggestedPrice: '1,000' } }, seller.cookie);
      expect(both.status).toBe(200);
      expect(both.body).toMatchObject({ payMore: true, suggestedPrice: 100_000 });
      const back = await t.sendForm('PATCH', `/api/tracks/${fixed.id}`, { fields: { payMore: 'false', suggestedPrice: '' } }, seller.cookie);
      expect(back.body).toMatchObject({ payMore: false, suggestedPrice: null });
    });

    it('takes payMore and a suggestion on albums too', async () => {
      const song = await t.uploadTrack(seller, media.mp3Short, { trackName: 'On the album', price: '100' });
      const created = await t.sendForm(
        'POST',
        '/api/albums',
        { fields: { albumName: 'Pay what you like', price: '1000', payMore: 'true', suggestedPrice: '1500', selectedSongs: JSON.stringify([song.id]) } },
        seller.cookie,
      );
      expect(created.status).toBe(201);
      expect(created.body as Album).toMatchObject({ price: 100_000, payMore: true, suggestedPrice: 150_000 });
      const low = await t.sendForm('PATCH', `/api/albums/${created.body.id}`, { fields: { suggestedPrice: '999' } }, seller.cookie);
      expect(low.status).toBe(400);
      expect(low.body.message).toBe(CATALOG_MESSAGES.suggestedBelowPrice);
      const init = await initialize({ albumId: created.body.id, amount: '2000' });
      expect(init.status).toBe(200);
      expect(init.body.data).toMatchObject({ price: 200_000, fee: processingFee(200_000) });
    });
  });

  describe('initialize with an amount', () => {
    it('refuses an amount below the price, one for an item without pay more, and an absurd one, with a clear 400', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ trackId: generous.id, amount: '499.99' }, amountBelowPriceMessage(50_000)],
        [{ trackId: generous.id, amount: '-600' }, amountBelowPriceMessage(0)],
        [{ trackId: fixed.id, amount: '600' }, PAYMENT_MESSAGES.fixedPrice],
        [{ trackId: fixed.id, amount: '400' }, PAYMENT_MESSAGES.fixedPrice],
        [{ trackId: generous.id, amount: '1,000,000.01' }, PAYMENT_MESSAGES.amountTooHigh],
        [{ trackId: generous.id, amount: '99999999999999' }, PAYMENT_MESSAGES.amountTooHigh],
        [{ trackId: generous.id, amount: 'lots' }, PAYMENT_MESSAGES.amountFormat],
        [{ trackId: generous.id, amount: true }, PAYMENT_MESSAGES.amountFormat],
      ];
      const before = (await db().select().from(orders)).length;
      for (const [body, message] of cases) {
        const response = await initialize(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message, JSON.stringify(body)).toBe(message);
      }
      expect((await db().select().from(orders)).length).toBe(before);
    });

    it('charges the price when no amount is sent, and accepts the exact price on a fixed-price item', async () => {
      for (const body of [{ trackId: generous.id }, { trackId: fixed.id, amount: '500' }]) {
        const response = await initialize(body);
        expect(response.status).toBe(200);
        expect(response.body.data).toMatchObject({ price: 50_000, fee: processingFee(50_000), finalAmount: 50_000 + processingFee(50_000) });
      }
    });

    it('records the amount paid as the sale: its fee, the 90/10 split in the ledger, and the artist sales list', async () => {
      const bought = await buyInSimulatedCheckout(t, 'generous@example.com', { trackId: generous.id }, { amount: 'KSh 1,250.50' });
      const order = await orderOf(bought.reference);
      const paid = 125_050;
      expect(order).toMatchObject({ status: 'paid', price: paid, fee: processingFee(paid), amount: paid + processingFee(paid) });
      expect(processingFee(paid)).toBe(11_900); // round(1250.50 x 0.015) + 100 = 19 + 100
      const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      expect(entry).toMatchObject({ price: paid, ...splitPrice(paid) });
      expect(splitPrice(paid)).toEqual({ platformShare: 12_505, artistShare: 112_545 });

      const sales = (await t.request('GET', '/api/sales', { cookie: seller.cookie })).body as ArtistSalesResponse;
      expect(sales.sales.find((sale) => sale.reference === bought.reference)).toMatchObject({ price: paid, artistShare: 112_545 });
      const csv = await t.request('GET', '/api/sales.csv', { cookie: seller.cookie });
      expect(String(csv.body)).toContain('1250.50');
    });
  });

  describe("a free item with 'Name your price'", () => {
    it('downloads at KES 0 without a checkout, and refuses a checkout of nothing', async () => {
      expect((await t.fetchBytes(`/api/tracks/${nameYourPrice.id}/download`)).status).toBe(200);
      for (const body of [{ trackId: nameYourPrice.id }, { trackId: nameYourPrice.id, amount: '0' }]) {
        const response = await initialize(body);
        expect(response.status).toBe(409);
        expect(response.body.message).toBe(PAYMENT_MESSAGES.notForSale);
      }
    });

    it('goes through checkout for more than 0, with the fee on the amount and the split', async () => {
      const bought = await buyInSimulatedCheckout(t, 'gift@example.com', { trackId: nameYourPrice.id }, { amount: '200' });
      const order = await orderOf(bought.reference);
      expect(order).toMatchObject({ status: 'paid', price: 20_000, fee: processingFee(20_000), amount: 20_000 + 10_300 });
      const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      expect(entry).toMatchObject({ platformShare: 2_000, artistShare: 18_000 });
    });

    it('a free item without pay more still cannot be bought', async () => {
      const free = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Plain free', price: '' });
      const response = await initialize({ trackId: free.id, amount: '100' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(PAYMENT_MESSAGES.fixedPrice);
    });
  });
});
