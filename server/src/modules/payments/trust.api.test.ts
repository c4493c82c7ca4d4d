import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { PAYMENT_MESSAGES, alreadyOwnedErrorSchema, ownedItemsResponseSchema } from '#common/schemas/payments';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { editorPicks, orders, profileViews } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa as addMpesaOf, buyerCookieOf, buyInSimulatedCheckout } from '../../../test/support/buying';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import { closeMailedApp, startMailedApp } from '../../../test/support/mailed-app';
import type { MediaFixtures } from '../../../test/support/media-fixtures';
import type { CapturedMail, SmtpCapture } from '../../../test/support/smtp-capture';
import { ProviderError, TEST_CARD_SUCCESS } from '../payment-provider';
import { OWNED_RESEND_LIMIT } from './checkout.service';

/**
 * Issue 16, "Trust around every sale", the server's half: sold albums stay, what a browser owns,
 * "you already own this", purchasable, the owner's own plays and views, provider refusals.
 */

describe('trust around every sale (issue 16)', () => {
  let t: CatalogTestApp, smtp: SmtpCapture, media: MediaFixtures, seller: TestArtist;

  beforeAll(async () => {
    ({ t, smtp, media } = await startMailedApp());
    seller = await t.artist();
    await addMpesa(seller);
  });
  afterAll(() => closeMailedApp({ t, smtp }));

  const addMpesa = (artist: TestArtist) => addMpesaOf(t, artist);
  const upload = (artist: TestArtist, fields: Record<string, string>): Promise<Track> => t.uploadTrack(artist, media.mp3Short, fields);
  async function makeAlbum(artist: TestArtist, name: string, price: string, selected: string[] = []): Promise<Album> {
    return t.uploadAlbum(artist, { albumName: name, price, selectedSongs: JSON.stringify(selected) }, [{ trackName: `${name} 1`, file: media.mp3Short }]);
  }
  const initialize = (body: Record<string, unknown>, cookie?: string) => t.request('POST', '/api/payments/initialize', { json: body, ...(cookie ? { cookie } : {}) });
  const verify = (reference: string, cookie?: string) => t.request('POST', '/api/payments/verify', { json: { reference }, ...(cookie ? { cookie } : {}) });
  const owned = (cookie?: string) => t.request('GET', '/api/purchases/owned', cookie ? { cookie } : {});
  const ordersBy = async (email: string) => t.app.database.db.select().from(orders).where(eq(orders.email, email));
  const receiptsTo = (email: string) => smtp.mailTo(email).filter((mail) => mail.subject.startsWith('Your Sauti purchase'));
  const drain = () => t.app.jobs.drain();

  /**
   * The item's file link a receipt grants: the mail links the purchase page (issue 16), whose
   * answer must name this download (the mail is for this item); the same token opens the file,
   * as the bare links of mails sent before the purchase page do.
   */
  async function fileLinkIn(mail: CapturedMail, downloadPath: string): Promise<URL> {
    const match = /https?:\/\/\S+?\/purchase\/([A-Za-z0-9._=-]+)\?token=([\w-]+)/.exec(mail.text);
    if (!match) throw new Error(`no purchase page link in mail "${mail.subject}"`);
    const receipt = await t.request('GET', `/api/receipts/${match[1]}?token=${match[2]}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.downloads[0].url).toBe(`${downloadPath}?format=original&token=${match[2]}`);
    return new URL(`${downloadPath}?token=${match[2]}`, t.baseUrl);
  }

  /** A whole checkout in the simulated provider: initialize, pay by card, verify. Answers the browser's cookie. */
  async function buy(email: string, item: { trackId?: string; albumId?: string }, cookie?: string): Promise<string> {
    const bought = await buyInSimulatedCheckout(t, email, item, { cookie });
    await drain();
    return bought.cookie;
  }

  describe('sold albums and their songs stay', () => {
    let album: Album;
    let albumBuyer: string;

    beforeAll(async () => {
      album = await makeAlbum(seller, 'Nyumbani', '800');
      albumBuyer = await buy('album-buyer@example.com', { albumId: album.id });
    });

    it('refuses to delete a sold album (409 with the sold-album message); its page and its receipt link keep working', async () => {
      const refused = await t.request('DELETE', `/api/albums/${album.id}`, { cookie: seller.cookie });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 'album.sold', message: CATALOG_MESSAGES.albumSold });
      expect((await t.request('GET', `/api/album-detail/${album.id}`)).status).toBe(200);
      const receipt = receiptsTo('album-buyer@example.com').at(-1)!;
      const link = await fileLinkIn(receipt, `/api/albums/${album.id}/download`);
      expect((await t.fetchBytes(`${link.pathname}${link.search}`)).status).toBe(200);
      expect((await t.fetchBytes(`/api/albums/${album.id}/download`, { cookie: albumBuyer })).status).toBe(200);
    });

    it("says which albums were sold in the artist's own list, so Delete can give the reason before asking (issue 33)", async () => {
      const unsold = await makeAlbum(seller, 'Bado', '500');
      const list = await t.request('GET', '/api/albums', { cookie: seller.cookie });
      expect(list.status).toBe(200);
      const soldOf = (id: string) => (list.body as Album[]).find((item) => item.id === id)?.sold;
      expect(soldOf(album.id)).toBe(true);
      expect(soldOf(unsold.id)).toBe(false);
      // Nobody else learns it: the public album answer has no such field.
      expect((await t.request('GET', `/api/album-detail/${album.id}`)).body.sold).toBeUndefined();
    });

    it('refuses to delete a song of a sold album: its buyer owns it', async () => {
      const refused = await t.request('DELETE', `/api/tracks/${album.tracks[0]!.id}`, { cookie: seller.cookie });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CATALOG_MESSAGES.trackSold);
    });

    it('keeps the songs of a sold album on it: an edit may add songs but not drop one, and no other album may take one', async () => {
      const songIds = album.tracks.map((song) => song.id);
      const extra = await upload(seller, { trackName: 'Ziada' });
      const dropped = await t.request('PATCH', `/api/albums/${album.id}`, { cookie: seller.cookie, json: { selectedSongs: [extra.id] } });
      expect(dropped.status).toBe(409);
      expect(dropped.body.message).toBe(PAYMENT_MESSAGES.albumSoldSongsStay);
      const taken = await t.sendForm('POST', '/api/albums', { fields: { albumName: 'Wizi', price: '0', selectedSongs: JSON.stringify(songIds) } }, seller.cookie);
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(PAYMENT_MESSAGES.albumSoldSongsStay);
      const added = await t.request('PATCH', `/api/albums/${album.id}`, { cookie: seller.cookie, json: { selectedSongs: [...songIds, extra.id], albumName: 'Nyumbani (Deluxe)' } });
      expect(added.status).toBe(200);
      expect(added.body.tracks.map((song: Track) => song.id)).toEqual([...songIds, extra.id]);
      // The buyer owns the album's songs as they are now.
      expect((await owned(albumBuyer)).body.trackIds).toEqual([...songIds, extra.id].sort());
      expect((await t.request('GET', `/api/album-detail/${album.id}`)).body.tracks.map((song: Track) => song.id)).toEqual([...songIds, extra.id]);
    });

    it("another artist deleting a sold album hears 404, never 409 (nothing about someone else's sales)", async () => {
      const stranger = await t.artist();
      const response = await t.request('DELETE', `/api/albums/${album.id}`, { cookie: stranger.cookie });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(CATALOG_MESSAGES.albumNotFound);
      expect((await t.request('DELETE', `/api/albums/${album.id}`)).status).toBe(401);
    });

    it('an unsold album holding a song sold alone can be deleted: the song stays, a single, still sold and downloadable', async () => {
      const single = await upload(seller, { trackName: 'Peke Yangu', price: '50' });
      const buyer = await buy('single-buyer@example.com', { trackId: single.id });
      const holder = await makeAlbum(seller, 'Mkusanyiko', '0', [single.id]);
      const deleted = await t.request('DELETE', `/api/albums/${holder.id}`, { cookie: seller.cookie });
      expect(deleted.status).toBeLessThan(300);
      const detail = await t.request('GET', `/api/track-detail/${single.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.track.albumId).toBeNull();
      expect((await t.fetchBytes(`/api/tracks/${single.id}/download`, { cookie: buyer })).status).toBe(200);
      const link = await fileLinkIn(receiptsTo('single-buyer@example.com').at(-1)!, `/api/tracks/${single.id}/download`);
      expect((await t.fetchBytes(`${link.pathname}${link.search}`)).status).toBe(200);
      expect((await t.request('DELETE', `/api/tracks/${single.id}`, { cookie: seller.cookie })).status).toBe(409);
    });

    it('an unsold album can still be deleted', async () => {
      const unsold = await makeAlbum(seller, 'Bado', '500');
      expect((await t.request('DELETE', `/api/albums/${unsold.id}`, { cookie: seller.cookie })).status).toBeLessThan(300);
      expect((await t.request('GET', `/api/album-detail/${unsold.id}`)).status).toBe(404);
    });
  });

  describe('GET /api/purchases/owned', () => {
    it('answers empty lists, not cached, to a browser without a cookie, with a garbage one or an unknown one', async () => {
      for (const cookie of [undefined, 'sauti_buyer=garbage', `sauti_buyer=${'x'.repeat(5000)}`, `sauti_buyer=${'A'.repeat(43)}`, "sauti_buyer='%20or%201=1"]) {
        const response = await owned(cookie);
        expect(response.status, cookie).toBe(200);
        expect(response.body).toEqual({ trackIds: [], albumIds: [] });
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('set-cookie')).toBeNull();
      }
    });

    it("answers what the browser paid for: tracks, albums and the album's songs; a pending order owns nothing", async () => {
      const album = await makeAlbum(seller, 'Pamoja', '300');
      const single = await upload(seller, { trackName: 'Moja Tu', price: '20' });
      const unpaid = await upload(seller, { trackName: 'Bado Kulipwa', price: '20' });
      const browser = await buy('owner-of-things@example.com', { albumId: album.id });
      await buy('owner-of-things@example.com', { trackId: single.id }, browser);
      expect((await initialize({ email: 'owner-of-things@example.com', trackId: unpaid.id }, browser)).status).toBe(200);
      const response = await owned(browser);
      expect(response.status).toBe(200);
      expect(ownedItemsResponseSchema.parse(response.body)).toEqual({
        albumIds: [album.id],
        trackIds: [single.id, ...album.tracks.map((song) => song.id)].sort(),
      });
      // Another browser owns none of it, whatever e-mail it types.
      const other = await initialize({ email: 'someone-else@example.com', trackId: unpaid.id });
      expect((await owned(buyerCookieOf(other))).body).toEqual({ trackIds: [], albumIds: [] });
    });
  });

  describe('initialize for what the e-mail already owns', () => {
    let album: Album;
    let track: Track;

    beforeAll(async () => {
      album = await makeAlbum(seller, 'Zawadi', '400');
      track = await upload(seller, { trackName: 'Tena', price: '30' });
      await buy('twice@example.com', { trackId: track.id });
      await buy('twice@example.com', { albumId: album.id });
    });

    it('answers 409 alreadyOwned, makes no order and e-mails the link again', async () => {
      const before = (await ordersBy('twice@example.com')).length;
      const receipts = receiptsTo('twice@example.com').length;
      const response = await initialize({ email: ' Twice@Example.com ', trackId: track.id });
      expect(response.status).toBe(409);
      expect(alreadyOwnedErrorSchema.parse(response.body)).toEqual({ alreadyOwned: true, message: PAYMENT_MESSAGES.alreadyOwned });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await ordersBy('twice@example.com')).toHaveLength(before);
      await drain();
      const sent = receiptsTo('twice@example.com');
      expect(sent).toHaveLength(receipts + 1);
      const link = await fileLinkIn(sent.at(-1)!, `/api/tracks/${track.id}/download`);
      expect((await t.fetchBytes(`${link.pathname}${link.search}`)).status).toBe(200);
    });

    it('knows an album, and a song owned through its album (the album link is sent)', async () => {
      const forAlbum = await initialize({ email: 'twice@example.com', albumId: album.id });
      expect(forAlbum.status).toBe(409);
      expect(forAlbum.body.alreadyOwned).toBe(true);
      const forSong = await initialize({ email: 'twice@example.com', trackId: album.tracks[0]!.id });
      expect(forSong.status).toBe(409);
      await drain();
      await fileLinkIn(receiptsTo('twice@example.com').at(-1)!, `/api/albums/${album.id}/download`);
    });

    it('with buyAgain: true starts a normal new checkout (a gift); another e-mail is not refused', async () => {
      const gift = await initialize({ email: 'twice@example.com', trackId: track.id, buyAgain: true });
      expect(gift.status).toBe(200);
      expect((await t.app.database.db.select().from(orders).where(eq(orders.reference, gift.body.data.reference)))[0]!.status).toBe('pending');
      expect((await initialize({ email: 'new-fan@example.com', trackId: track.id })).status).toBe(200);
    });

    it('a forged buyAgain from another browser only starts a checkout for that browser: it grants nothing until paid', async () => {
      const forged = await initialize({ email: 'twice@example.com', trackId: track.id, buyAgain: true });
      expect(forged.status).toBe(200);
      const browser = buyerCookieOf(forged);
      expect((await owned(browser)).body).toEqual({ trackIds: [], albumIds: [] });
      expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie: browser })).status).toBe(402);
      expect((await verify(forged.body.data.reference, browser)).status).toBe(402);
    });

    it('refuses a buyAgain that is not a boolean', async () => {
      for (const buyAgain of ['true', 1, null, {}, []]) {
        expect((await initialize({ email: 'twice@example.com', trackId: track.id, buyAgain })).status, JSON.stringify(buyAgain)).toBe(400);
      }
    });

    it('e-mails the link again at most OWNED_RESEND_LIMIT times per address per window, and still answers 409', async () => {
      const email = 'spam-target@example.com';
      await buy(email, { trackId: track.id });
      const receipts = receiptsTo(email).length;
      for (let i = 0; i < OWNED_RESEND_LIMIT.max + 3; i++) {
        const response = await initialize({ email, trackId: track.id });
        expect(response.status).toBe(409);
        expect(response.body.alreadyOwned).toBe(true);
      }
      await drain();
      expect(receiptsTo(email)).toHaveLength(receipts + OWNED_RESEND_LIMIT.max);
    });
  });

  describe('purchasable', () => {
    it('is false for a priced item of an artist without a payout method, true once one is added, and false again once removed', async () => {
      const artist = await t.artist();
      const priced = await upload(artist, { trackName: 'Bei', price: '100' });
      const free = await upload(artist, { trackName: 'Bure' });
      const album = await makeAlbum(artist, 'Albamu', '200');
      const freeAlbum = await makeAlbum(artist, 'Bure Albamu', '0');

      const expectPurchasable = async (expected: boolean) => {
        const profile = await t.request('GET', `/api/profile/${artist.id}`);
        const byId = new Map<string, boolean>(profile.body.tracks.map((track: { id: string; purchasable: boolean }) => [track.id, track.purchasable]));
        expect(byId.get(priced.id)).toBe(expected);
        expect(byId.get(free.id)).toBe(true);
        const albums = new Map<string, boolean>(profile.body.albums.map((entry: { id: string; purchasable: boolean }) => [entry.id, entry.purchasable]));
        expect(albums.get(album.id)).toBe(expected);
        expect(albums.get(freeAlbum.id)).toBe(true);
        expect((await t.request('GET', `/api/track-detail/${priced.id}`)).body.track.purchasable).toBe(expected);
        expect((await t.request('GET', `/api/track-detail/${free.id}`)).body.track.purchasable).toBe(true);
        const detail = await t.request('GET', `/api/album-detail/${album.id}`);
        expect(detail.body.album.purchasable).toBe(expected);
        expect(detail.body.tracks.every((track: { purchasable: boolean }) => track.purchasable)).toBe(true); // its song is free
      };

      await expectPurchasable(false);
      const refused = await initialize({ email: 'early@example.com', trackId: priced.id });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(PAYMENT_MESSAGES.sellerNotReady);

      const methodId = await addMpesa(artist);
      await expectPurchasable(true);
      expect((await initialize({ email: 'early@example.com', trackId: priced.id })).status).toBe(200);

      expect((await t.request('DELETE', `/api/payment-methods/${methodId}?force=true`, { cookie: artist.cookie })).status).toBeLessThan(300);
      await expectPurchasable(false);
    });

    it("the landing lists carry it, and forget their cached answer when an artist's payout method changes", async () => {
      const artist = await t.artist();
      const priced = await upload(artist, { trackName: 'Chaguo', price: '100' });
      await t.app.database.db.insert(editorPicks).values({ trackId: priced.id, position: 1 });
      const picked = async () => {
        const response = await t.request('GET', '/api/editors-picks?limit=50');
        expect(response.status).toBe(200);
        return response.body.find((entry: { track: { id: string } }) => entry.track.id === priced.id).track.purchasable;
      };
      expect(await picked()).toBe(false);
      await addMpesa(artist);
      // The payouts module tells of the change with this event (lib/events.ts).
      t.app.events.emit('payout-method.changed', { userId: artist.id });
      expect(await picked()).toBe(true);
    });
  });

  describe('a free album holding a priced song (common albumIsFree)', () => {
    it('answers 402 for its ZIP until every priced song on it was bought, then the ZIP', async () => {
      const priced = await upload(seller, { trackName: 'Kulipiwa', price: '25' });
      const album = await makeAlbum(seller, 'Mchanganyiko', '0', [priced.id]);
      const refused = await t.fetchBytes(`/api/albums/${album.id}/download`);
      expect(refused.status).toBe(402);
      expect(JSON.parse(refused.bytes.toString('utf8'))).toEqual({ code: 'download.purchase-required', message: 'A song on this album is for sale (KES 25.00). Buy it to download it.', price: 2500 });
      const browser = await buy('mix@example.com', { trackId: priced.id });
      const zip = await t.fetchBytes(`/api/albums/${album.id}/download`, { cookie: browser });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      expect((await t.fetchBytes(`/api/albums/${album.id}/download`)).status).toBe(402);
    });
  });

  describe("the owner's own plays and views", () => {
    it('a play by the signed-in owner adds no stream; a fan\'s does', async () => {
      const track = await upload(seller, { trackName: 'Yangu' });
      const play = { duration: 30, completedPercentage: 100, streamType: 'play' };
      const own = await t.request('POST', `/api/tracks/${track.id}/stream`, { cookie: seller.cookie, json: play });
      expect(own.status).toBe(200);
      expect(own.body).toEqual({ counted: false, streamCount: 0 });
      const fan = await t.request('POST', `/api/tracks/${track.id}/stream`, { json: play });
      expect(fan.body).toEqual({ counted: true, streamCount: 1 });
      const again = await t.request('POST', `/api/tracks/${track.id}/stream`, { cookie: seller.cookie, json: play });
      expect(again.body).toEqual({ counted: false, streamCount: 1 });
      expect((await t.request('GET', `/api/track-detail/${track.id}`)).body.track.streamCount).toBe(1);
    });

    it('a profile view by its owner adds no view', async () => {
      const artist = await t.artist();
      expect((await t.request('GET', `/api/profile/${artist.id}`, { cookie: artist.cookie })).status).toBe(200);
      await t.app.publicPages.viewsCounted();
      expect(await t.app.database.db.select().from(profileViews).where(eq(profileViews.userId, artist.id))).toHaveLength(0);
    });
  });

  describe("the provider's refusals", () => {
    it("initialize: Paystack's text is logged with the reference, the buyer hears ours, and paying again works", async () => {
      const track = await upload(seller, { trackName: 'Jaribu', price: '60' });
      const warn = vi.spyOn(t.app.log, 'warn');
      const call = vi
        .spyOn(t.app.paymentsProvider, 'initializeTransaction')
        .mockRejectedValueOnce(new ProviderError('refused', 'Duplicate Transaction Reference', 'duplicate_reference'));
      try {
        const refused = await initialize({ email: 'retry@example.com', trackId: track.id });
        expect(refused.status).toBe(502);
        expect(refused.body).toEqual({ code: 'payment.initialize-failed', message: PAYMENT_MESSAGES.initializeFailed });
        const [failed] = await ordersBy('retry@example.com');
        expect(failed!.status).toBe('failed');
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ reference: failed!.reference, providerMessage: 'Duplicate Transaction Reference' }),
          expect.any(String),
        );
        const again = await initialize({ email: 'retry@example.com', trackId: track.id });
        expect(again.status).toBe(200);
        expect(again.body.data.reference).not.toBe(failed!.reference);
        expect(call).toHaveBeenCalledTimes(2);
      } finally {
        vi.restoreAllMocks();
      }
    });

    it("payout methods: the artist still reads the provider's reason, and it is logged", async () => {
      const artist = await t.artist();
      const warn = vi.spyOn(t.app.log, 'warn');
      vi.spyOn(t.app.paymentsProvider, 'createTransferRecipient').mockRejectedValueOnce(new ProviderError('refused', 'Account number is invalid', 'invalid_account_number'));
      try {
        const refused = await t.request('POST', '/api/payment-methods/mobile-money', { cookie: artist.cookie, json: { mobileNumber: '0712345678' } });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe('Account number is invalid');
        expect(warn).toHaveBeenCalledWith(expect.objectContaining({ providerMessage: 'Account number is invalid' }), expect.any(String));
      } finally {
        vi.restoreAllMocks();
      }
    });

    it("verify: a refusal is logged and answered with our message; the order stays open and verifies once paid", async () => {
      const track = await upload(seller, { trackName: 'Hakika', price: '60' });
      const init = await initialize({ email: 'verify-refused@example.com', trackId: track.id });
      const browser = buyerCookieOf(init);
      const warn = vi.spyOn(t.app.log, 'warn');
      vi.spyOn(t.app.paymentsProvider, 'verifyTransaction').mockRejectedValueOnce(new ProviderError('refused', 'Invalid key format', 'invalid_key'));
      try {
        const refused = await verify(init.body.data.reference, browser);
        expect(refused.status).toBe(502);
        expect(refused.body).toEqual({ code: 'payment.verification-failed', message: PAYMENT_MESSAGES.verificationFailed });
        expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reference: init.body.data.reference, providerMessage: 'Invalid key format' }), expect.any(String));
      } finally {
        vi.restoreAllMocks();
      }
      expect((await ordersBy('verify-refused@example.com'))[0]!.status).toBe('pending');
      await t.request('POST', `/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, {
        json: { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' },
      });
      expect((await verify(init.body.data.reference, browser)).status).toBe(200);
    });
  });
});
