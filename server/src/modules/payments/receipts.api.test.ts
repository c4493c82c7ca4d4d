import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES, REFUND_MESSAGES, receiptResponseSchema } from '#common/schemas/payments';
import { MP3_BYTES_PER_SECOND, MP3_TAG_ALLOWANCE } from '#common/schemas/playback';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { orders } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa, buyInSimulatedCheckout } from '../../../test/support/buying';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import { closeMailedApp, startMailedApp } from '../../../test/support/mailed-app';
import type { MediaFixtures } from '../../../test/support/media-fixtures';
import type { SmtpCapture } from '../../../test/support/smtp-capture';
import { revokeLinksOf } from './index';
import { SHARED_FOR_SECONDS } from '../../lib/public-answers';

/**
 * Issue 16, items 4 and 5: the details' `downloads` (formats and sizes) and the receipt page's
 * API, GET /api/receipts/{reference}?token=..., which the receipt e-mail now links to.
 */

describe('downloads list and receipt page (issue 16)', () => {
  let t: CatalogTestApp, smtp: SmtpCapture, media: MediaFixtures, seller: TestArtist;

  beforeAll(async () => {
    ({ t, smtp, media } = await startMailedApp());
    seller = await t.artist();
    await addMpesa(t, seller);
  });
  afterAll(() => closeMailedApp({ t, smtp }));

  const receiptsTo = (email: string) => smtp.mailTo(email).filter((mail) => mail.subject.startsWith('Your Sauti purchase'));

  /** A whole checkout in the simulated provider; answers the receipt e-mail's link (path and query). */
  async function buy(email: string, item: { trackId?: string; albumId?: string }): Promise<{ reference: string; token: string; path: string }> {
    const { reference } = await buyInSimulatedCheckout(t, email, item);
    const mail = receiptsTo(email).at(-1)!;
    const match = /https?:\/\/\S+?(\/purchase\/([A-Za-z0-9._=-]+)\?token=([\w-]+))/.exec(mail.text);
    expect(match, 'the receipt links the purchase page').not.toBeNull();
    expect(match![2]).toBe(reference);
    return { reference: match![2]!, token: match![3]!, path: match![1]! };
  }

  const receipt = (reference: string, token?: string) =>
    t.request('GET', `/api/receipts/${encodeURIComponent(reference)}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`);

  describe('a bought WAV track', () => {
    let track: Track;
    let bought: { reference: string; token: string; path: string };

    beforeAll(async () => {
      track = await t.uploadTrack(seller, media.wav, { trackName: 'Mvua', price: '50' });
      bought = await buy('wav-fan@example.com', { trackId: track.id });
    });

    it('lists its formats on the track page: the original exact, MP3 and FLAC estimated until made', async () => {
      const detail = await t.request('GET', `/api/track-detail/${track.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.downloads).toEqual([
        { format: 'original', bytes: track.fileSize, approximate: false },
        { format: 'mp3', bytes: Math.ceil(track.duration * MP3_BYTES_PER_SECOND) + MP3_TAG_ALLOWANCE, approximate: true },
        { format: 'flac', bytes: Math.round(track.fileSize * 0.6), approximate: true },
      ]);
      // The same for everyone: nothing per visitor, so a shared cache may keep it a few seconds (decision 052).
      expect(detail.headers.get('cache-control')).toBe(SHARED_FOR_SECONDS);
      const asBuyer = await t.request('GET', `/api/track-detail/${track.id}`, { cookie: seller.cookie });
      expect(asBuyer.body.downloads).toEqual(detail.body.downloads);
    });

    it('answers the receipt: reference, when paid, the item and a URL per format carrying the token, never cached', async () => {
      const response = await receipt(bought.reference, bought.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = receiptResponseSchema.parse(response.body);
      expect(body).toMatchObject({
        reference: bought.reference,
        status: 'paid',
        item: { type: 'track', id: track.id, name: 'Mvua', artist: track.artistName, mimeType: track.mimeType },
        songs: [],
      });
      expect(Date.parse(body.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(body.downloads.map((d) => d.format)).toEqual(['original', 'mp3', 'flac']);
      for (const download of body.downloads) {
        expect(download.url).toBe(`/api/tracks/${track.id}/download?format=${download.format}&token=${bought.token}`);
      }
    });

    it('downloads the MP3 from its URL, and then says its exact size', async () => {
      const first = await receipt(bought.reference, bought.token);
      const mp3 = first.body.downloads.find((d: { format: string }) => d.format === 'mp3');
      const file = await t.fetchBytes(mp3.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/mpeg');
      const after = await receipt(bought.reference, bought.token);
      expect(after.body.downloads.find((d: { format: string }) => d.format === 'mp3')).toMatchObject({ bytes: file.bytes.length, approximate: false });
      const detail = await t.request('GET', `/api/track-detail/${track.id}`);
      expect(detail.body.downloads[1]).toEqual({ format: 'mp3', bytes: file.bytes.length, approximate: false });
    });

    it('keeps the bare file link of mails already sent working with the same token', async () => {
      const bare = await t.fetchBytes(`/api/tracks/${track.id}/download?token=${bought.token}`);
      expect(bare.status).toBe(200);
      expect(bare.bytes.length).toBe(track.fileSize);
      // The page itself is the web app's: the e-mail points at /purchase/{reference}.
      expect(bought.path).toBe(`/purchase/${bought.reference}?token=${bought.token}`);
    });

    it('answers one 404 for an unknown reference, a missing, wrong or malformed token, and a revoked link', async () => {
      const refusals = [
        await receipt('no-such-reference', bought.token),
        await receipt(bought.reference),
        await receipt(bought.reference, 'x'.repeat(43)),
        await receipt(bought.reference, '../../etc/passwd'),
        await receipt("'; drop table orders; --", bought.token),
        await receipt(bought.reference, 'y'.repeat(5000)),
      ];
      for (const refused of refusals) {
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ code: 'receipt.not-found', message: RECEIPT_MESSAGES.notFound });
        expect(refused.headers.get('cache-control')).toBe('no-store');
      }
      const other = await buy('other-fan@example.com', { trackId: track.id });
      // Another order's token does not open this order.
      expect((await receipt(bought.reference, other.token)).status).toBe(404);
      await revokeLinksOf(t.app.database.db, other.reference);
      const revoked = await receipt(other.reference, other.token);
      expect(revoked.status).toBe(404);
      expect(revoked.body).toEqual({ code: 'receipt.not-found', message: RECEIPT_MESSAGES.notFound });
    });

    it('says a refunded order was refunded, with no downloads', async () => {
      const refundedBuy = await buy('refunded-fan@example.com', { trackId: track.id });
      await t.app.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.reference, refundedBuy.reference));
      // A refund revokes the links too: the buyer still learns what happened.
      await revokeLinksOf(t.app.database.db, refundedBuy.reference);
      const response = await receipt(refundedBuy.reference, refundedBuy.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'refunded', message: REFUND_MESSAGES.refunded, downloads: [], item: { name: 'Mvua' } });
      expect((await receipt(refundedBuy.reference, 'z'.repeat(43))).status).toBe(404);
    });
  });

  describe('a bought album', () => {
    let album: Album;

    beforeAll(async () => {
      album = await t.uploadAlbum(seller, { albumName: 'Safari', price: '300', selectedSongs: '[]' }, [
        { trackName: 'Safari 1', file: media.mp3Short },
        { trackName: 'Safari 2', file: media.mp3Short },
      ]);
    });

    it('lists the ZIP of each format, approximate, without FLAC for lossy originals', async () => {
      const detail = await t.request('GET', `/api/album-detail/${album.id}`);
      expect(detail.status).toBe(200);
      const originals = detail.body.tracks.reduce((sum: number, track: Track) => sum + track.fileSize, 0);
      expect(detail.body.downloads).toEqual([
        { format: 'original', bytes: originals, approximate: true },
        { format: 'mp3', bytes: expect.any(Number), approximate: true },
      ]);
    });

    it('answers the album, its songs in order, and ZIP links carrying the token', async () => {
      const bought = await buy('album-fan@example.com', { albumId: album.id });
      const response = await receipt(bought.reference, bought.token);
      expect(response.status).toBe(200);
      expect(response.body.item).toMatchObject({ type: 'album', id: album.id, name: 'Safari' });
      expect(response.body.songs.map((song: { name: string }) => song.name)).toEqual(['Safari 1', 'Safari 2']);
      expect(response.body.downloads.map((d: { url: string }) => d.url)).toEqual([
        `/api/albums/${album.id}/download?format=original&token=${bought.token}`,
        `/api/albums/${album.id}/download?format=mp3&token=${bought.token}`,
      ]);
      const zip = await t.fetchBytes(response.body.downloads[0].url);
      expect(zip.status).toBe(200);
      // Approximate: the ZIP's headers add a little to the files' sum, never much.
      expect(zip.bytes.length).toBeGreaterThanOrEqual(response.body.downloads[0].bytes);
      expect(zip.bytes.length).toBeLessThan(response.body.downloads[0].bytes + 4096);

      // MP3 originals: the MP3 ZIP holds the originals re-tagged, so the estimate is their own
      // sizes plus the tags' allowance, not 320 kb/s of their durations (issue 33).
      const estimate = response.body.downloads[1].bytes as number;
      const mp3Zip = await t.fetchBytes(response.body.downloads[1].url);
      expect(mp3Zip.status).toBe(200);
      expect(mp3Zip.bytes.length).toBeLessThanOrEqual(estimate + 4096);
      expect(mp3Zip.bytes.length).toBeGreaterThan(estimate - 2 * MP3_TAG_ALLOWANCE);
    });
  });
});
