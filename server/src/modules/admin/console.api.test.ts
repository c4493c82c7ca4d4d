import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, ledgerEntries, operators, orders, payouts, reports, simulatedTransactions, tracks } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { startTestApp } from '../../../test/support/test-app';
import type { SimulatedProvider } from '../payment-provider';
import { recordSale } from '../payouts';
import { totpCode } from './index';
import { REPORT_RATE_LIMIT } from './reports.routes';

type App = Awaited<ReturnType<typeof startTestApp>>;
const HOUR = 3_600_000;

/**
 * The console's fan reports, refunds and payouts (issue 21 item 4, decision 059): a fan reports a
 * track, an album or a profile (rate limited, unknown items 404); an operator with a fresh second
 * factor works the queue, refunds a sale through the refunds service (once: 409 after) and retries
 * payouts through the payouts service; every action is in the audit log.
 */
describe('the console: reports, refunds, payouts', () => {
  let t: App;
  let artist: TestArtist;
  let operator: TestArtist;
  let trackId: string;
  let albumId: string;
  let address = 0;

  const db = () => t.app.database.db;
  const provider = () => t.app.paymentsProvider as SimulatedProvider;
  const call = (who: TestArtist | null, method: string, url: string, payload?: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: method as 'GET', url, remoteAddress, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** A report from an address of its own (the rate limit is per address). */
  const report = (payload: unknown, remoteAddress = `198.51.100.${++address}`) => call(null, 'POST', '/api/reports', payload, remoteAddress);
  const audit = async () => (await call(operator, 'GET', '/api/admin/audit?limit=100')).json().entries as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await startTestApp();
    artist = await createArtist(t.app);
    operator = await createArtist(t.app);
    const [track] = await db()
      .insert(tracks)
      .values({ userId: artist.id, trackName: 'Nyota', artistName: artist.displayName, originalName: 'x.mp3', fileSize: 1, mimeType: 'audio/mpeg', duration: 60, audioKey: `k/${randomUUID()}` })
      .returning({ id: tracks.id });
    trackId = track!.id;
    const [album] = await db().insert(albums).values({ userId: artist.id, albumName: 'Mvua' }).returning({ id: albums.id });
    albumId = album!.id;
    await t.app.admin.grant(`${operator.id}@example.com`);
    const { secret } = (await call(operator, 'POST', '/api/admin/enrolment')).json();
    expect((await call(operator, 'POST', '/api/admin/enrolment/confirm', { code: totpCode(secret) })).statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('takes a fan’s report of a track, an album or a profile; refuses unknown items and bad input', async () => {
    for (const [itemType, itemId] of [
      ['track', trackId],
      ['album', albumId],
      ['profile', artist.id],
    ]) {
      const response = await report({ itemType, itemId, reason: `  Not theirs: ${itemType}  `, email: itemType === 'track' ? 'Fan@Example.com' : '' });
      expect(response.statusCode, itemType).toBe(202);
      expect(response.json().message).toMatch(/Thank you/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const refusals: Array<[unknown, number, string]> = [
      [{ itemType: 'track', itemId: randomUUID(), reason: 'x' }, 404, 'report.item-not-found'],
      [{ itemType: 'album', itemId: trackId, reason: 'x' }, 404, 'report.item-not-found'],
      [{ itemType: 'profile', itemId: 'nope', reason: 'x' }, 404, 'report.item-not-found'],
      [{ itemType: 'track', itemId: trackId, reason: 'x'.repeat(1001) }, 400, 'form.invalid'],
      [{ itemType: 'track', itemId: trackId, reason: '   ' }, 400, 'form.invalid'],
      [{ itemType: 'song', itemId: trackId, reason: 'x' }, 400, 'form.invalid'],
      [{ itemType: 'track', itemId: trackId, reason: 'x', email: 'not-an-address' }, 400, 'form.invalid'],
      [{ itemType: 'track', itemId: 42, reason: 'x' }, 400, 'form.invalid'],
    ];
    for (const [payload, status, code] of refusals) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().code).toBe(code);
      expect(typeof response.json().message).toBe('string');
    }
    const stored = await db().select().from(reports).where(eq(reports.itemId, trackId));
    expect(stored).toMatchObject([{ itemType: 'track', reason: 'Not theirs: track', email: 'fan@example.com', status: 'open' }]);
  });

  it(`holds one address to ${REPORT_RATE_LIMIT.max} reports an hour (429), others still report`, async () => {
    const flood = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i <= REPORT_RATE_LIMIT.max; i++) statuses.push((await report({ itemType: 'track', itemId: randomUUID(), reason: 'spam' }, flood)).statusCode);
    expect(statuses.slice(0, REPORT_RATE_LIMIT.max).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await report({ itemType: 'track', itemId: trackId, reason: 'spam' }, flood)).statusCode).toBe(429);
    expect((await report({ itemType: 'track', itemId: trackId, reason: 'Second report' })).statusCode).toBe(202);
  });

  it('lists open reports newest first; acts on one with a note, dismisses another, each once and audited', async () => {
    const open = (await call(operator, 'GET', '/api/admin/reports')).json().reports as Array<Record<string, unknown>>;
    expect(open.map((row) => [row.itemType, row.reason])).toEqual([
      ['track', 'Second report'],
      ['profile', 'Not theirs: profile'],
      ['album', 'Not theirs: album'],
      ['track', 'Not theirs: track'],
    ]);
    expect(open[3]).toMatchObject({ itemName: 'Nyota', artistName: artist.displayName, url: `/track/${trackId}`, email: 'fan@example.com', status: 'open' });
    expect(open[2]).toMatchObject({ itemName: 'Mvua', artistName: artist.displayName, url: `/album/${albumId}` });
    expect(open[1]).toMatchObject({ itemName: artist.displayName, url: `/profile/${artist.id}`, email: null });

    const [second, profile, album] = open.map((row) => row.id as string);
    const before = (await audit()).length;
    const refusals: Array<[string, unknown, number, string]> = [
      [`/api/admin/reports/${album}/action`, {}, 400, 'form.invalid'],
      [`/api/admin/reports/${album}/action`, { note: ' ' }, 400, 'form.invalid'],
      [`/api/admin/reports/${album}/dismiss`, { note: 'x'.repeat(501) }, 400, 'form.invalid'],
      [`/api/admin/reports/${randomUUID()}/dismiss`, {}, 404, 'report.not-found'],
      ['/api/admin/reports/nope/dismiss', {}, 400, 'request.invalid'],
    ];
    for (const [url, payload, status, code] of refusals) {
      const response = await call(operator, 'POST', url, payload);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().code).toBe(code);
    }
    expect((await call(operator, 'GET', '/api/admin/reports?status=closed')).statusCode).toBe(400);
    expect((await audit()).length).toBe(before);

    expect((await call(operator, 'POST', `/api/admin/reports/${album}/action`, { note: 'Asked the artist to change the cover' })).statusCode).toBe(204);
    expect((await call(operator, 'POST', `/api/admin/reports/${profile}/dismiss`, {})).statusCode).toBe(204);
    // Closed once: a second click (or another operator) is told so.
    const twice = await call(operator, 'POST', `/api/admin/reports/${album}/dismiss`, {});
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'report.closed']);
    const both = await Promise.all([call(operator, 'POST', `/api/admin/reports/${second}/dismiss`, { note: 'Duplicate' }), call(operator, 'POST', `/api/admin/reports/${second}/action`, { note: 'x' })]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([204, 409]);

    expect(((await call(operator, 'GET', '/api/admin/reports')).json().reports as unknown[]).length).toBe(1);
    const actioned = (await call(operator, 'GET', '/api/admin/reports?status=actioned')).json().reports;
    expect(actioned.map((row: { id: string }) => row.id)).toContain(album);
    expect(actioned.find((row: { id: string }) => row.id === album)).toMatchObject({ closeNote: 'Asked the artist to change the cover', closedByEmail: `${operator.id}@example.com` });
    const entries = (await audit()).filter((entry) => String(entry.action).startsWith('report.'));
    expect(entries).toHaveLength(3);
    expect(entries.find((entry) => entry.targetId === album)).toMatchObject({ action: 'report.action', reason: 'Asked the artist to change the cover', actorEmail: `${operator.id}@example.com`, details: { itemType: 'album', itemId: albumId } });
    expect(entries.find((entry) => entry.targetId === profile)).toMatchObject({ action: 'report.dismiss', reason: null });
  });

  /** A paid sale of the artist's track, as the simulated provider knows it. */
  async function paidSale(email: string) {
    const reference = `sauti-${randomUUID()}`;
    const [order] = await db()
      .insert(orders)
      .values({ reference, email, itemType: 'track', trackId, itemName: 'Nyota', sellerId: artist.id, price: 50_000, fee: 10_800, amount: 60_800, status: 'paid', settlement: 'balance', paidAt: new Date() })
      .returning();
    expect(await recordSale(db(), { ...order!, settlement: 'balance' })).toBe(true);
    await db().insert(simulatedTransactions).values({ reference, accessCode: randomUUID(), email, amount: 60_800, currency: 'KES', status: 'success', paidAt: new Date() });
    return reference;
  }

  it('finds a sale by reference, buyer’s e-mail or artist and refunds it once, with a reason, through the refunds service', async () => {
    const reference = await paidSale('buyer@example.com');
    const other = await paidSale('someone@example.com');
    expect((await call(operator, 'GET', `/api/admin/sales?q=${reference}`)).json().sales.map((sale: { reference: string }) => sale.reference)).toEqual([reference]);
    expect((await call(operator, 'GET', '/api/admin/sales?q=BUYER@example.com')).json().sales).toMatchObject([
      { reference, itemName: 'Nyota', artistName: artist.displayName, email: 'buyer@example.com', amount: 60_800, status: 'paid', refundStatus: null },
    ]);
    const byArtist = (await call(operator, 'GET', `/api/admin/sales?q=${encodeURIComponent(artist.displayName.slice(7))}`)).json().sales;
    expect(byArtist.map((sale: { reference: string }) => sale.reference).sort()).toEqual([reference, other].sort());
    for (const url of ['/api/admin/sales', '/api/admin/sales?q=', `/api/admin/sales?q=${'x'.repeat(101)}`]) expect((await call(operator, 'GET', url)).statusCode, url).toBe(400);

    expect((await call(operator, 'POST', `/api/admin/sales/${reference}/refund`, {})).json().code).toBe('form.invalid');
    expect((await call(operator, 'POST', `/api/admin/sales/sauti-${randomUUID()}/refund`, { reason: 'x' })).statusCode).toBe(404);
    const refunded = await call(operator, 'POST', `/api/admin/sales/${reference}/refund`, { reason: 'Charged twice' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ reference, amount: 60_800, status: 'pending' });
    // Under way, then processed: a second refund is 409 either way, and nothing is sent twice.
    const again = await call(operator, 'POST', `/api/admin/sales/${reference}/refund`, { reason: 'Again' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'refund.in-progress']);
    await provider().idle();
    await t.app.refunds.check(reference);
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.reference, reference)))[0]!.status).toBe('refunded');
    const twice = await call(operator, 'POST', `/api/admin/sales/${reference}/refund`, { reason: 'Again' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'refund.already-refunded']);
    expect((await call(operator, 'GET', `/api/admin/sales?q=${reference}`)).json().sales[0]).toMatchObject({ status: 'refunded', refundStatus: 'processed' });
    const refundEntries = (await audit()).filter((entry) => entry.action === 'refund.create');
    expect(refundEntries).toMatchObject([{ targetType: 'order', targetId: reference, reason: 'Charged twice', details: { amount: 60_800, status: 'pending' } }]);
  });

  it('refunds part of a sale (KES as typed, more than 0, at most what is left), with clear refusals in both languages and the amount in the audit log', async () => {
    const reference = await paidSale('part@example.com');
    const refund = (payload: unknown, lang = 'en') => call(operator, 'POST', `/api/admin/sales/${reference}/refund?lang=${lang}`, payload);
    const refusals: Array<[unknown, number, string, string, string]> = [
      [{ reason: 'x', amount: 'lots' }, 400, 'form.invalid', 'Type the amount to refund in KES, such as 250 or 99.50.', 'Andika kiasi cha kurudisha kwa KES, kama 250 au 99.50.'],
      [{ reason: 'x', amount: '12.345' }, 400, 'form.invalid', 'Type the amount to refund in KES, such as 250 or 99.50.', 'Andika kiasi cha kurudisha kwa KES, kama 250 au 99.50.'],
      [{ reason: 'x', amount: {} }, 400, 'form.invalid', 'Type the amount to refund in KES, such as 250 or 99.50.', 'Andika kiasi cha kurudisha kwa KES, kama 250 au 99.50.'],
      [{ reason: 'x', amount: '0' }, 400, 'form.invalid', 'The amount to refund must be more than KES 0.', 'Kiasi cha kurudisha kiwe zaidi ya KES 0.'],
      [{ reason: 'x', amount: '-5' }, 400, 'form.invalid', 'The amount to refund must be more than KES 0.', 'Kiasi cha kurudisha kiwe zaidi ya KES 0.'],
      [{ reason: 'x', amount: '9999999999' }, 400, 'form.invalid', 'The refund is more than what is left to refund of this sale.', 'Kiasi hiki ni zaidi ya kilichobaki kurudishwa kwenye mauzo haya.'],
      [{ reason: 'x', amount: '608.01' }, 400, 'refund.amount-too-large', 'The refund can be at most KES 608.00, what is left to refund of this sale.', 'Unaweza kurudisha hadi KES 608.00 tu, kilichobaki kwenye mauzo haya.'],
    ];
    for (const [payload, status, code, english, kiswahili] of refusals) {
      for (const [lang, message] of [
        ['en', english],
        ['sw', kiswahili],
      ] as const) {
        const response = await refund(payload, lang);
        expect([response.statusCode, response.json().code, response.json().message], `${JSON.stringify(payload)} ${lang}`).toEqual([status, code, message]);
      }
    }
    expect((await audit()).filter((entry) => entry.targetId === reference)).toEqual([]);

    // KES as typed, parsed like a price: "KES 200.50" is 20,050 cents.
    const part = await refund({ reason: 'Half the bundle never arrived', amount: 'KES 200.50' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ reference, amount: 20_050, status: 'pending' });
    expect((await audit()).filter((entry) => entry.targetId === reference)).toMatchObject([
      { action: 'refund.create', reason: 'Half the bundle never arrived', details: { amount: 20_050, part: true, status: 'pending' } },
    ]);
    // A second part while the first is under way: 409, nothing sent.
    const rest = await refund({ reason: 'The rest', amount: '408' });
    expect([rest.statusCode, rest.json().code]).toEqual([409, 'refund.in-progress']);
    await provider().idle();
    await t.app.refunds.check(reference);
    // Once the provider made it, the refunds service (issue 16) counts the sale refunded: its
    // download ends and the ledger holds its one refund entry, so the rest cannot follow as a
    // second refund (decision 066 says why: the ledger keeps one refund entry per sale).
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.reference, reference)))[0]!.status).toBe('refunded');
    const afterwards = await refund({ reason: 'The rest', amount: '408' });
    expect([afterwards.statusCode, afterwards.json().code]).toEqual([409, 'refund.already-refunded']);
    expect((await audit()).filter((entry) => entry.targetId === reference)).toHaveLength(1);
  });

  async function mpesaArtist(mobileNumber: string) {
    const who = await createArtist(t.app);
    const added = await call(who, 'POST', '/api/payment-methods/mobile-money', { mobileNumber });
    expect(added.statusCode).toBe(201);
    return who;
  }

  /** A settled M-Pesa sale of `who` whose artist share is KES 450. */
  async function settledSale(who: TestArtist) {
    const [order] = await db()
      .insert(orders)
      .values({ reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: who.id, price: 50_000, fee: 10_800, amount: 60_800, status: 'paid', settlement: 'balance', paidAt: new Date() })
      .returning();
    expect(await recordSale(db(), { ...order!, settlement: 'balance' })).toBe(true);
    await db().update(ledgerEntries).set({ createdAt: new Date(Date.now() - 25 * HOUR) }).where(and(eq(ledgerEntries.orderId, order!.id), eq(ledgerEntries.kind, 'sale')));
  }

  it('lists payouts that failed, wait for an OTP or are stuck, and retries one through the payouts service', async () => {
    const failing = await mpesaArtist('0700000001'); // the simulated provider fails every transfer to it
    await settledSale(failing);
    const first = await t.app.payouts.payArtist(failing.id);
    await provider().idle();
    await t.app.payouts.handleTransferEvent('transfer.failed', first!.reference);
    const waiting = await mpesaArtist('0712345678');
    const row = (status: (typeof payouts.$inferInsert)['status'], minutesAgo: number) => ({
      userId: waiting.id,
      reference: `payout_${randomUUID()}`,
      amount: 10_000,
      fee: 2_000,
      recipientCode: 'RCP_x',
      mobileNumber: '+254712345678',
      status,
      updatedAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const [otp, stuck, recent, paid] = [row('otp', 1), row('pending', 45), row('pending', 1), row('success', 90)];
    await db().insert(payouts).values([otp, stuck, recent, paid]);

    const listed = (await call(operator, 'GET', '/api/admin/payouts')).json().payouts as Array<{ reference: string; attention: string }>;
    const attention = new Map(listed.map((payout) => [payout.reference, payout.attention]));
    expect(attention.get(first!.reference)).toBe('failed');
    expect(attention.get(otp.reference)).toBe('otp');
    expect(attention.get(stuck.reference)).toBe('stuck');
    expect(attention.has(recent.reference)).toBe(false);
    expect(attention.has(paid.reference)).toBe(false);

    const retried = await call(operator, 'POST', `/api/admin/payouts/${first!.reference}/retry`, { reason: 'Artist fixed their number' });
    expect(retried.statusCode).toBe(200);
    const { newReference } = retried.json();
    expect(newReference).toMatch(/^payout_/);
    expect(await db().select().from(payouts).where(eq(payouts.reference, newReference))).toMatchObject([{ userId: failing.id, amount: 43_000, fee: 2_000 }]);
    // Followed by a new payout: no longer waiting; its money is held by the new one, so a second retry has nothing to pay.
    expect(((await call(operator, 'GET', '/api/admin/payouts')).json().payouts as Array<{ reference: string }>).some((payout) => payout.reference === first!.reference)).toBe(false);
    const nothing = await call(operator, 'POST', `/api/admin/payouts/${first!.reference}/retry`, {});
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'payout.nothing-to-pay']);
    // In flight: asked about again (the provider never saw it: sent with its own reference).
    expect((await call(operator, 'POST', `/api/admin/payouts/${stuck.reference}/retry`, {})).statusCode).toBe(200);
    const success = await call(operator, 'POST', `/api/admin/payouts/${paid.reference}/retry`, {});
    expect([success.statusCode, success.json().code]).toEqual([409, 'payout.not-retryable']);
    expect((await call(operator, 'POST', '/api/admin/payouts/payout_unknown_reference_x/retry', {})).statusCode).toBe(404);
    await provider().idle();

    const entries = (await audit()).filter((entry) => entry.action === 'payout.retry');
    expect(entries.map((entry) => entry.targetId)).toEqual([stuck.reference, first!.reference]);
    expect(entries[1]).toMatchObject({ reason: 'Artist fixed their number', details: { from: 'failed', newReference } });
  });
  it('keeps TOTP secrets encrypted at rest; one stored before encryption still verifies and is sealed at the next start', async () => {
    // The operator of this file enrolled through the API: its secret is sealed, never the base32.
    const [stored] = await db().select({ totpSecret: operators.totpSecret }).from(operators).where(eq(operators.userId, operator.id));
    expect(stored!.totpSecret).toMatch(/^v1:/);
    // An operator enrolled before this change (decision 051 stored base32).
    const earlier = await createArtist(t.app);
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db().insert(operators).values({ userId: earlier.id, totpSecret: plain, enrolledAt: new Date() });
    expect((await call(earlier, 'POST', '/api/admin/verify', { code: totpCode(plain) })).statusCode).toBe(200);
    // What every start runs: sealed once, whichever process starts first.
    expect(await t.app.admin.sealStoredSecrets()).toBe(1);
    expect(await t.app.admin.sealStoredSecrets()).toBe(0);
    const [sealed] = await db().select({ totpSecret: operators.totpSecret }).from(operators).where(eq(operators.userId, earlier.id));
    expect(sealed!.totpSecret).toMatch(/^v1:/);
    expect(sealed!.totpSecret).not.toContain(plain);
    expect((await call(earlier, 'POST', '/api/admin/verify', { code: totpCode(plain, Date.now() + 30_000) })).statusCode).toBe(200);
  });
});
