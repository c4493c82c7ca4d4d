import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingFee, splitPrice } from '#common/payments';
import type { Album, Track } from '#common/schemas/catalog/responses';
import type { ArtistSale, ArtistSalesResponse, PayoutsResponse, SalesSummary } from '#common/schemas/sales';
import { ledgerEntries, orders, payouts, users } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa as addMpesaOf, buyInSimulatedCheckout } from '../../../test/support/buying';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { startSmtpCapture, type SmtpCapture } from '../../../test/support/smtp-capture';
import type { SimulatedProvider } from '../payment-provider';
import { PAYOUT_PERIOD_MS, payoutFor } from '../payouts';

const HOUR = 3_600_000;
const HOSTILE_NAME = '=HYPERLINK("http://evil.example","Kesho"), remix';

/**
 * The artist's money, visible (issue 16): their sales, the statement, the payouts card's figures
 * and the sale e-mail, through the real app, real sales in the simulated checkout, real SMTP.
 */
describe("the artist's sales and payouts", () => {
  let t: CatalogTestApp;
  let smtp: SmtpCapture;
  let media: MediaFixtures;
  let seller: TestArtist;
  let other: TestArtist;
  let kesho: Track;
  let hostile: Track;
  let album: Album;
  let othersTrack: Track;

  const db = () => t.app.database.db;
  const emailOf = (artist: TestArtist) => `${artist.id}@example.com`;
  const get = (url: string, who?: TestArtist) => t.request('GET', url, who ? { cookie: who.cookie } : {});

  const addMpesa = (artist: TestArtist) => addMpesaOf(t, artist);

  /** A fan buys the item in the simulated checkout (card or M-Pesa) and the browser verifies: the sale is recorded. */
  async function buy(item: { trackId?: string; albumId?: string }, email: string, channel: 'card' | 'mobile_money' = 'card'): Promise<string> {
    return (await buyInSimulatedCheckout(t, email, item, { channel })).reference;
  }

  /** Moves a sale's ledger time (the settling rule and the order of the list read it). */
  async function age(reference: string, at: Date) {
    const [order] = await db().select().from(orders).where(eq(orders.reference, reference));
    await db().update(ledgerEntries).set({ createdAt: at }).where(eq(ledgerEntries.orderId, order!.id));
  }

  async function allSales(who: TestArtist, query = ''): Promise<ArtistSale[]> {
    const sales: ArtistSale[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/sales?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, who);
      expect(response.status).toBe(200);
      sales.push(...(response.body as ArtistSalesResponse).sales);
      cursor = response.body.nextCursor;
    } while (cursor);
    return sales;
  }

  const references: string[] = [];

  beforeAll(async () => {
    media = await mediaFixtures();
    smtp = await startSmtpCapture();
    t = await CatalogTestApp.start('local', { SMTP_URL: smtp.url });
    [seller, other] = [await t.artist(), await t.artist()];
    await addMpesa(seller);
    await addMpesa(other);
    kesho = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Kesho', price: '500' });
    hostile = await t.uploadTrack(seller, media.mp3Short, { trackName: HOSTILE_NAME, price: '123.45' });
    othersTrack = await t.uploadTrack(other, media.mp3Short, { trackName: 'Not yours', price: '200' });
    album = await t.uploadAlbum(seller, { albumName: 'Siku Moja', price: '1000' }, [{ trackName: 'Moja', file: media.mp3Short }]);

    // Four sales of different prices, by card and M-Pesa, oldest first; and one of the other artist.
    references.push(await buy({ trackId: kesho.id }, 'first@example.com'));
    references.push(await buy({ trackId: hostile.id }, '+attacker@example.com', 'mobile_money'));
    references.push(await buy({ albumId: album.id }, 'album.fan@example.com'));
    references.push(await buy({ trackId: kesho.id }, 'second@example.com', 'mobile_money'));
    await buy({ trackId: othersTrack.id }, 'theirs@example.com');
    // Distinct times a minute apart, the two last at the very same microsecond (the id breaks the tie).
    const base = Date.now() - 10 * 60_000;
    await age(references[0]!, new Date(base));
    await age(references[1]!, new Date(base + 60_000));
    await age(references[2]!, new Date(base + 120_000));
    await age(references[3]!, new Date(base + 120_000));
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers only a signed-in artist', async () => {
    for (const url of ['/api/sales', '/api/sales.csv', '/api/sales/summary', '/api/payouts', '/api/user/preferences']) {
      const response = await get(url);
      expect(response.status, url).toBe(401);
      expect(response.body.message).toBeTruthy();
    }
    expect((await t.request('PATCH', '/api/user/preferences', { json: { saleEmails: false } })).status).toBe(401);
  });

  it('lists every sale newest first with its split, in minor units, and totals over all of them', async () => {
    const response = await get('/api/sales', seller);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = response.body as ArtistSalesResponse;
    expect(body.nextCursor).toBeNull();
    expect(body.sales).toHaveLength(4);
    expect(new Set(body.sales.map((sale) => sale.reference))).toEqual(new Set(references));
    expect(body.sales.at(-1)!.reference).toBe(references[0]);
    expect(body.sales[2]!.reference).toBe(references[1]);
    const first = body.sales.find((sale) => sale.reference === references[0])!;
    expect(first).toEqual({
      reference: references[0],
      soldAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      item: { type: 'track', id: kesho.id, name: 'Kesho' },
      buyerEmail: 'first@example.com',
      channel: 'card',
      price: 50_000,
      fee: processingFee(50_000),
      platformShare: 5_000,
      artistShare: 45_000,
      status: 'paid',
      refundedShare: 0,
    });
    const odd = body.sales.find((sale) => sale.reference === references[1])!;
    expect(odd).toMatchObject({ item: { type: 'track', id: hostile.id, name: HOSTILE_NAME }, channel: 'mobile_money', price: 12_345, platformShare: 1_234, artistShare: 11_111 });
    expect(body.sales.find((sale) => sale.reference === references[2])).toMatchObject({ item: { type: 'album', id: album.id, name: 'Siku Moja' }, price: 100_000, artistShare: 90_000 });
    for (const sale of body.sales) {
      expect(sale.platformShare + sale.artistShare).toBe(sale.price);
      expect(sale.fee).toBe(processingFee(sale.price));
    }
    expect(body.totals).toEqual({ count: 4, price: 50_000 + 12_345 + 100_000 + 50_000, artistShare: 45_000 + 11_111 + 90_000 + 45_000 });
  });

  it('pages with an opaque cursor, never repeating or skipping a sale (even two recorded at the same instant)', async () => {
    const page = await get('/api/sales?limit=3', seller);
    expect(page.body.sales).toHaveLength(3);
    expect(page.body.totals.count).toBe(4);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const paged = await allSales(seller);
    expect(paged.map((sale) => sale.reference)).toEqual((await get('/api/sales', seller)).body.sales.map((sale: ArtistSale) => sale.reference));
    expect(new Set(paged.map((sale) => sale.reference)).size).toBe(4);
  });

  it('refuses a bad cursor or limit with a 400, never a 500', async () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const cursors = [
      'garbage!',
      'x'.repeat(300),
      forged('x|y'),
      forged("2026-11-26T10:00:00.000000Z|1' OR '1'='1"),
      forged('2026-13-45T99:99:99.000000Z|8b1f6c52-3c9a-4c8e-9a51-3f0c2b7d6e10'),
      forged('2026-11-26T10:00:00.000000Z|8b1f6c52-3c9a-4c8e-9a51-3f0c2b7d6e10|x'),
    ];
    for (const cursor of cursors) {
      const response = await get(`/api/sales?cursor=${encodeURIComponent(cursor)}`, seller);
      expect(response.status, cursor).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    for (const limit of ['0', '101', 'abc', '1.5', '-1']) expect((await get(`/api/sales?limit=${limit}`, seller)).status, limit).toBe(400);
  });

  it("filters by the artist's own track or album; another artist's item is not found", async () => {
    const byTrack = await get(`/api/sales?trackId=${kesho.id}`, seller);
    expect(byTrack.status).toBe(200);
    expect(byTrack.body.sales.map((sale: ArtistSale) => sale.reference).sort()).toEqual([references[0], references[3]].sort());
    expect(byTrack.body.totals).toEqual({ count: 2, price: 100_000, artistShare: 90_000 });
    const byAlbum = await get(`/api/sales?albumId=${album.id}`, seller);
    expect(byAlbum.body.sales.map((sale: ArtistSale) => sale.reference)).toEqual([references[2]]);

    for (const url of [`/api/sales?trackId=${othersTrack.id}`, `/api/sales.csv?trackId=${othersTrack.id}`, '/api/sales?trackId=not-a-uuid', `/api/sales?albumId=${kesho.id}`]) {
      const response = await get(url, seller);
      expect(response.status, url).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('theirs@example.com');
    }
    expect((await get(`/api/sales?trackId=${kesho.id}`, other)).status).toBe(404);
    expect((await get(`/api/sales?trackId=${kesho.id}&albumId=${album.id}`, seller)).status).toBe(400);
  });

  it('shows another artist only their own sales and payouts', async () => {
    const theirs = await get('/api/sales', other);
    expect(theirs.body.sales.map((sale: ArtistSale) => sale.buyerEmail)).toEqual(['theirs@example.com']);
    expect(theirs.body.totals).toEqual({ count: 1, price: 20_000, artistShare: 18_000 });
    const csv = await get('/api/sales.csv', other);
    for (const reference of references) expect(csv.body).not.toContain(reference);
    expect((await get('/api/payouts', other)).body.balance.pending).toBe(18_000);
    // A cursor made from the seller's list reads nothing of the seller's for the other artist.
    const cursor = (await get('/api/sales?limit=1', seller)).body.nextCursor;
    const after = await get(`/api/sales?cursor=${encodeURIComponent(cursor)}`, other);
    expect(after.status).toBe(200);
    for (const sale of after.body.sales as ArtistSale[]) expect(references).not.toContain(sale.reference);
  });

  it('downloads every sale as a CSV statement with formulas neutralised', async () => {
    const response = await get('/api/sales.csv', seller);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="sauti-sales-${new Date().toISOString().slice(0, 10)}.csv"`);
    const lines = (response.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toMatch(/^Date \(UTC\),Reference,/);
    expect(lines).toHaveLength(1 + 4 + 1);
    const oddLine = lines.find((line) => line.includes(references[1]!))!;
    expect(oddLine).toContain(`"'=HYPERLINK(""http://evil.example"",""Kesho""), remix"`);
    expect(oddLine).toContain(",'+attacker@example.com,M-Pesa,123.45,");
    expect(oddLine).toMatch(/,12\.34,111\.11,paid,0\.00$/);
    expect(lines.find((line) => line.includes(references[0]!))).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,.*,Card,500\.00,108\.00,50\.00,450\.00,paid,0\.00$/);
  });

  it("starts the statement with UTF-8's byte order mark, and heads it in the artist's stored language (issue 33)", async () => {
    // The bytes as Excel gets them: fetch's text() would drop the mark before the test could see it.
    const english = await t.fetchBytes('/api/sales.csv', { cookie: seller.cookie });
    expect([...english.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // A CSV reader that honours the mark (TextDecoder, as csv-parse and Sheets do) reads the first heading whole.
    const header = (bytes: Buffer) => new TextDecoder('utf-8').decode(bytes).split('\r\n')[0]!.split(',');
    expect(header(english.bytes)).toEqual(['Date (UTC)', 'Reference', 'Item type', 'Item', 'Buyer email', 'Paid with', 'Price (KES)', 'Processing fee paid by buyer (KES)', 'Platform 10% (KES)', 'Your 90% (KES)', 'Status', 'Refunded from your 90% (KES)']);

    await db().update(users).set({ language: 'sw' }).where(eq(users.id, seller.id));
    try {
      // The account's language wins over the browser's: the statement is the artist's document.
      const kiswahili = await t.fetchBytes('/api/sales.csv', { cookie: seller.cookie, 'accept-language': 'en' });
      expect([...kiswahili.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const headings = header(kiswahili.bytes);
      expect(headings).toEqual(['Tarehe (UTC)', 'Kumbukumbu', 'Aina', 'Wimbo au albamu', 'Email ya mnunuzi', 'Amelipa kwa', 'Bei (KES)', 'Ada aliyolipa mnunuzi (KES)', 'Sauti 10% (KES)', '90% yako (KES)', 'Hali', 'Pesa zilizorudishwa kutoka 90% yako (KES)']);
      // The rows stay data: the same ISO dates and plain amounts in either language.
      expect(new TextDecoder().decode(kiswahili.bytes).split('\r\n').slice(1)).toEqual(new TextDecoder().decode(english.bytes).split('\r\n').slice(1));
    } finally {
      await db().update(users).set({ language: 'en' }).where(eq(users.id, seller.id));
    }
  });

  it('agrees to the shilling: Total Revenue, the sales totals, the per-item and per-month totals and the payouts card', async () => {
    const sales = (await get('/api/sales', seller)).body as ArtistSalesResponse;
    const analytics = await get('/api/analytics', seller);
    expect(analytics.body.totalRevenue).toBe(sales.totals.artistShare);
    const summary = (await get('/api/sales/summary', seller)).body as SalesSummary;
    expect(summary.totals).toEqual(sales.totals);
    const sum = (rows: { count: number; price: number; artistShare: number }[]) =>
      rows.reduce((acc, row) => ({ count: acc.count + row.count, price: acc.price + row.price, artistShare: acc.artistShare + row.artistShare }), { count: 0, price: 0, artistShare: 0 });
    expect(sum(summary.items)).toEqual(sales.totals);
    expect(sum(summary.months)).toEqual(sales.totals);
    expect(summary.items.find((item) => item.id === album.id)).toEqual({ type: 'album', id: album.id, name: 'Siku Moja', count: 1, price: 100_000, artistShare: 90_000 });
    expect(summary.items.at(-1)).toMatchObject({ id: hostile.id, name: HOSTILE_NAME, artistShare: 11_111 });
    expect(summary.items.find((item) => item.id === kesho.id)).toMatchObject({ count: 2, artistShare: 90_000 });
    expect(summary.months).toEqual([{ month: new Date().toISOString().slice(0, 7), ...sales.totals }]);

    // All four are M-Pesa-settled and younger than 24 hours: settling, nothing owed yet.
    const settling = (await get('/api/payouts', seller)).body as PayoutsResponse;
    expect(settling.balance).toEqual({ owed: 0, pending: sales.totals.artistShare });
    const firstSettles = Date.parse(sales.sales.at(-1)!.soldAt) + 24 * HOUR;
    // KES 450 settles first and already makes a payout (KES 430 after the KES 20 fee), at the run after it settles.
    expect(settling.nextPayout).toMatchObject({ at: new Date(Math.ceil(firstSettles / PAYOUT_PERIOD_MS) * PAYOUT_PERIOD_MS).toISOString(), amount: 43_000 });
    // Issue 33: it holds that first sale (made up to its time); the other three are the settling rest.
    expect(Math.abs(Date.parse(settling.nextPayout!.salesUpTo) - Date.parse(sales.sales.at(-1)!.soldAt))).toBeLessThan(1_000);
    expect(settling.nextPayout!.rest?.amount).toBe(sales.totals.artistShare - 45_000);
    expect(settling.payouts).toEqual([]);
  });

  it('shows what is owed once settled, the next payout less its fee, then the payout, and a failure with its reason and next step', async () => {
    const sales = (await get('/api/sales', seller)).body as ArtistSalesResponse;
    const owedAll = sales.totals.artistShare;
    const ids = (await db().select({ id: orders.id }).from(orders).where(inArray(orders.reference, references))).map((row) => row.id);
    expect(ids).toHaveLength(4);
    await db().update(ledgerEntries).set({ createdAt: new Date(Date.now() - 25 * HOUR) }).where(inArray(ledgerEntries.orderId, ids));

    const before = Date.now();
    const settled = (await get('/api/payouts', seller)).body as PayoutsResponse;
    expect(settled.balance).toEqual({ owed: owedAll, pending: 0 });
    const plan = payoutFor(owedAll)!;
    expect(settled.nextPayout!.amount).toBe(plan.amount);
    expect(plan.amount + plan.fee).toBe(owedAll);
    const at = Date.parse(settled.nextPayout!.at);
    expect(at % PAYOUT_PERIOD_MS).toBe(0);
    expect(at).toBeGreaterThan(before - 1_000);
    expect(at).toBeLessThanOrEqual(before + PAYOUT_PERIOD_MS);

    // The payout run pays exactly that.
    const run = await t.app.payouts.run();
    expect(run.created).toBeGreaterThanOrEqual(1);
    await (t.app.paymentsProvider as SimulatedProvider).idle();
    const inFlightOrPaid = (await get('/api/payouts', seller)).body as PayoutsResponse;
    expect(inFlightOrPaid.payouts).toEqual([{ id: expect.any(String), createdAt: expect.any(String), amount: plan.amount, fee: plan.fee, status: expect.stringMatching(/^(pending|success)$/) }]);
    expect(inFlightOrPaid.balance.owed).toBe(0);
    expect(inFlightOrPaid.nextPayout).toBeNull();
    expect(inFlightOrPaid.balance.pending).toBe(inFlightOrPaid.payouts[0]!.status === 'pending' ? owedAll : 0);

    // The transfer fails: the money is back in what is owed, with our reason and the next step.
    await db().update(payouts).set({ status: 'failed', failureReason: 'Duplicate Transaction Reference' }).where(eq(payouts.id, inFlightOrPaid.payouts[0]!.id));
    const failed = (await get('/api/payouts', seller)).body as PayoutsResponse;
    expect(failed.balance).toEqual({ owed: owedAll, pending: 0 });
    expect(failed.payouts[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('the next payout run sends it again') });
    expect(failed.payouts[0]!.reason).not.toContain('Duplicate Transaction Reference');
    expect(failed.nextPayout!.amount).toBe(plan.amount);
    // Total Revenue and the sales totals are unchanged by payouts.
    expect((await get('/api/analytics', seller)).body.totalRevenue).toBe(owedAll);
  });

  it('e-mails the artist of each sale, naming the item and their share, until they turn it off', async () => {
    // (A subject with quotes goes out as RFC 2047 encoded words: the text part is read instead.)
    const mails = () => smtp.mailTo(emailOf(seller)).filter((mail) => mail.text.includes('A fan just bought'));
    expect(mails()).toHaveLength(4);
    expect(mails().filter((mail) => mail.subject === 'You made a sale: Kesho')).toHaveLength(2);
    expect(mails().some((mail) => mail.text.includes('for KES 123.45. Your share (90%) is KES 111.11.'))).toBe(true);
    const album = mails().find((mail) => mail.subject.endsWith('Siku Moja'))!;
    expect(album.text).toContain('your album "Siku Moja" for KES 1,000.00. Your share (90%) is KES 900.00.');
    expect(album.text).toContain('http://sauti.test/dashboard?section=analytics');
    expect(smtp.mailTo(emailOf(other)).filter((mail) => mail.text.includes('A fan just bought'))).toHaveLength(1);

    expect((await get('/api/user/preferences', seller)).body).toEqual({ saleEmails: true });
    for (const payload of [{ saleEmails: 'no' }, { saleEmails: false, admin: true }, []]) {
      expect((await t.request('PATCH', '/api/user/preferences', { cookie: seller.cookie, json: payload })).status).toBe(400);
    }
    const off = await t.request('PATCH', '/api/user/preferences', { cookie: seller.cookie, json: { saleEmails: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ saleEmails: false });
    expect((await get('/api/user/preferences', seller)).body).toEqual({ saleEmails: false });
    expect((await get('/api/user/preferences', other)).body).toEqual({ saleEmails: true });

    const quiet = await buy({ trackId: kesho.id }, 'quiet@example.com');
    expect(smtp.mailTo('quiet@example.com').some((mail) => mail.subject.startsWith('Your Sauti purchase'))).toBe(true);
    expect(mails()).toHaveLength(4);
    expect((await get('/api/sales', seller)).body.sales[0].reference).toBe(quiet);

    expect((await t.request('PATCH', '/api/user/preferences', { cookie: seller.cookie, json: { saleEmails: true } })).body).toEqual({ saleEmails: true });
    await buy({ trackId: kesho.id }, 'loud@example.com');
    expect(mails()).toHaveLength(5);
  });

  it('shows a bank artist no M-Pesa payout: Paystack settles their sales', async () => {
    const bank = await t.artist();
    const added = await t.request('POST', '/api/payment-methods', {
      cookie: bank.cookie,
      json: { type: 'bank', bankName: 'Equity Bank Kenya', accountName: 'A B', accountNumber: '12345678' },
    });
    expect(added.status).toBe(201);
    const track = await t.uploadTrack(bank, media.mp3Short, { trackName: 'Benki', price: '300' });
    await buy({ trackId: track.id }, 'bankfan@example.com');
    const view = (await get('/api/payouts', bank)).body as PayoutsResponse;
    expect(view).toEqual({ balance: { owed: 0, pending: 0 }, nextPayout: null, payouts: [] });
    const sales = (await get('/api/sales', bank)).body as ArtistSalesResponse;
    expect(sales.totals).toEqual({ count: 1, price: 30_000, artistShare: splitPrice(30_000).artistShare });
  });
});
