import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES, libraryResponseSchema } from '#common/schemas/library';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { libraryLinks, librarySessions, orders } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import type { TestArtist } from '../../../test/support/artists';
import { CatalogTestApp, type HttpResponse } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { startSmtpCapture, type SmtpCapture } from '../../../test/support/smtp-capture';
import { TEST_CARD_SUCCESS } from '../payment-provider';
import { LIBRARY_LINK_LIMIT } from './library.service';
import { LIBRARY_RATE_LIMITS } from './library.routes';

/** Issue 17, "a fan's library, no password": a mailed sign-in link, a library cookie, what it grants. */

const FAN = 'library-fan@example.com';

function libraryCookieOf(response: HttpResponse): string {
  const header = response.headers.get('set-cookie') ?? '';
  const match = /sauti_library=([^;]+)/.exec(header);
  expect(match, 'the session call sets the library cookie').not.toBeNull();
  return `sauti_library=${match![1]}`;
}

describe("a fan's library (issue 17)", () => {
  let t: CatalogTestApp;
  let smtp: SmtpCapture;
  let media: MediaFixtures;
  let seller: TestArtist;
  let track: Track;
  let album: Album;
  let refundedTrack: Track;
  let linkRequests = 0;

  const libraryMails = (email: string) => smtp.mailTo(email).filter((mail) => mail.subject === 'Your Sauti library');
  const drain = () => t.app.jobs.drain();
  async function askLink(email: string): Promise<HttpResponse> {
    linkRequests++;
    const response = await t.request('POST', '/api/library/link', { json: { email } });
    await drain();
    return response;
  }
  function tokenIn(text: string): string {
    const match = /\/library\?token=([\w-]+)/.exec(text);
    if (!match) throw new Error('no library link in the mail');
    return match[1]!;
  }

  async function buy(email: string, item: { trackId?: string; albumId?: string }): Promise<string> {
    const init = await t.request('POST', '/api/payments/initialize', { json: { email, ...item } });
    expect(init.status).toBe(200);
    const paid = await t.request('POST', `/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, {
      json: { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' },
    });
    expect(paid.body.status).toBe('success');
    const cookie = /sauti_buyer=([^;]+)/.exec(init.headers.get('set-cookie') ?? '')![1]!;
    expect((await t.request('POST', '/api/payments/verify', { json: { reference: init.body.data.reference }, cookie: `sauti_buyer=${cookie}` })).status).toBe(200);
    await drain();
    return init.body.data.reference;
  }

  beforeAll(async () => {
    media = await mediaFixtures();
    smtp = await startSmtpCapture();
    t = await CatalogTestApp.start('local', { SMTP_URL: smtp.url });
    seller = await t.artist();
    expect((await t.request('POST', '/api/payment-methods/mobile-money', { cookie: seller.cookie, json: { mobileNumber: '0712345678' } })).status).toBe(201);
    track = await t.uploadTrack(seller, media.wav, { trackName: 'Wimbo wa Kwanza', price: '50' });
    refundedTrack = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Wimbo Uliorudishwa', price: '50' });
    album = await t.uploadAlbum(seller, { albumName: 'Safari', price: '300', selectedSongs: '[]' }, [{ trackName: 'Safari 1', file: media.mp3Short }]);
    await buy(FAN, { trackId: track.id });
    await buy(FAN, { albumId: album.id });
    const refundedRef = await buy(FAN, { trackId: refundedTrack.id });
    // The refund itself is decision 035's; here only its outcome matters: the order is no longer paid.
    await t.app.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.reference, refundedRef));
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let signedIn: string;

  it('answers 202 alike for an address that bought and one that did not, and mails only the first', async () => {
    const known = await askLink(FAN);
    const unknown = await askLink('never-bought@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: LIBRARY_MESSAGES.linkSent });
    expect(libraryMails(FAN)).toHaveLength(1);
    expect(libraryMails('never-bought@example.com')).toHaveLength(0);
    linkRequests++;
    expect((await t.request('POST', '/api/library/link', { json: { email: 'not an address' } })).status).toBe(400);
  });

  it('signs in with the mailed link once: an HttpOnly, SameSite=Lax cookie for 30 days; the library lists what was paid, refunds excluded', async () => {
    const token = tokenIn(libraryMails(FAN)[0]!.text);
    const session = await t.request('POST', '/api/library/session', { json: { token } });
    expect(session.status).toBe(200);
    const setCookie = session.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/i); // the test site is http
    signedIn = libraryCookieOf(session);
    const library = libraryResponseSchema.parse((await t.request('GET', '/api/library', { cookie: signedIn })).body);
    expect(library.email).toBe(FAN);
    expect(library.items.map((item) => [item.type, item.id, item.name, item.artistName])).toEqual([
      ['album', album.id, 'Safari', seller.displayName],
      ['track', track.id, 'Wimbo wa Kwanza', seller.displayName],
    ]);
    expect(Number.isNaN(Date.parse(library.items[0]!.purchasedAt))).toBe(false);
    // Stored hashed only.
    const [row] = await t.app.database.db.select().from(libraryLinks).where(eq(libraryLinks.tokenHash, hashToken(token)));
    expect(row?.usedAt).not.toBeNull();
    expect(await t.app.database.db.select().from(librarySessions).where(eq(librarySessions.keyHash, signedIn.split('=')[1]!))).toEqual([]);

    const again = await t.request('POST', '/api/library/session', { json: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'library.link-invalid', message: LIBRARY_MESSAGES.linkInvalid });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses the library without the cookie, or with a made-up one (401)', async () => {
    expect((await t.request('GET', '/api/library')).status).toBe(401);
    const forged = await t.request('GET', '/api/library', { cookie: 'sauti_library=' + 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 'library.signed-out', message: LIBRARY_MESSAGES.signedOut });
    expect((await t.request('POST', '/api/library/session', { json: { token: 'x'.repeat(500) } })).status).toBe(400);
    expect((await t.request('POST', '/api/library/session', { json: {} })).status).toBe(400);
  });

  it('downloads every format with the library cookie alone (no buyer cookie, no token); owned counts the items; a refunded one stays closed', async () => {
    const cookie = { cookie: signedIn };
    for (const format of ['original', 'mp3', 'flac']) {
      const file = await t.fetchBytes(`/api/tracks/${track.id}/download?format=${format}`, cookie);
      expect(file.status, format).toBe(200);
      expect(file.bytes.length).toBeGreaterThan(1000);
    }
    expect((await t.fetchBytes(`/api/albums/${album.id}/download`, cookie)).status).toBe(200);
    expect((await t.fetchBytes(`/api/tracks/${album.tracks[0]!.id}/download`, cookie)).status).toBe(200);
    expect((await t.fetchBytes(`/api/tracks/${refundedTrack.id}/download`, cookie)).status).toBe(402);
    expect((await t.fetchBytes(`/api/tracks/${track.id}/download`)).status).toBe(402);

    const owned = await t.request('GET', '/api/purchases/owned', cookie);
    expect(owned.body).toEqual({ trackIds: [track.id, album.tracks[0]!.id].sort(), albumIds: [album.id] });
    expect((await t.request('GET', '/api/purchases/owned')).body).toEqual({ trackIds: [], albumIds: [] });
  });

  it('refuses a link after 15 minutes', async () => {
    await askLink(FAN);
    const token = tokenIn(libraryMails(FAN).at(-1)!.text);
    await t.app.database.db
      .update(libraryLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(libraryLinks.tokenHash, hashToken(token)));
    const expired = await t.request('POST', '/api/library/session', { json: { token } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ code: 'library.link-invalid', message: LIBRARY_MESSAGES.linkInvalid });
  });

  it('signs out this browser: the cookie no longer opens the library', async () => {
    const out = await t.request('POST', '/api/library/sign-out', { cookie: signedIn });
    expect(out.status).toBe(204);
    expect((await t.request('GET', '/api/library', { cookie: signedIn })).status).toBe(401);
  });

  it(`mails one address at most ${LIBRARY_LINK_LIMIT.max} links per 15 minutes (still 202), and holds one client address to ${LIBRARY_RATE_LIMITS.link.max} asks`, async () => {
    while (libraryMails(FAN).length < LIBRARY_LINK_LIMIT.max) expect((await askLink(FAN)).status).toBe(202);
    const held = await askLink(FAN);
    expect(held.status).toBe(202);
    expect(libraryMails(FAN)).toHaveLength(LIBRARY_LINK_LIMIT.max);
    while (linkRequests < LIBRARY_RATE_LIMITS.link.max) expect((await askLink(`someone-${linkRequests}@example.com`)).status).toBe(202);
    const limited = await askLink('one-more@example.com');
    expect(limited.status).toBe(429);
  });
});
