import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { PREVIEW_SECONDS } from '#common/playback';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { decodedSecondsOfBytes, mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';

/**
 * What a blog on a phone downloads for one player, HTML with its inline style and script,
 * compressed as browsers ask for it (decision 042 records the figures).
 */
const EMBED_GZIP_BUDGET_BYTES = 3_000;

describe('embeddable players and oEmbed (issue 17)', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let artist: TestArtist;
  let free: Track;
  let preview: Track;
  let album: Album;
  let publicUrl: string;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const oembed = (query: Record<string, string>) => get(`/api/oembed?${new URLSearchParams(query).toString()}`);

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    publicUrl = t.app.config.publicUrl;
    artist = await createArtist(t.app, 'Nyota <Band>');
    free = await t.uploadTrack(artist, media.mp3Short, { trackName: 'Asubuhi "njema"', artistName: 'Nyota <Band>' }, [{ field: 'coverPhoto', path: media.coverJpg }]);
    preview = await t.uploadTrack(artist, media.mp3Long, { trackName: 'Jioni', artistName: 'Nyota <Band>', price: '50', allowFullPlayback: 'false' });
    album = await t.uploadAlbum(artist, { albumName: 'Siku Moja', price: '300', selectedSongs: JSON.stringify([preview.id, free.id]) });
  });
  afterAll(async () => t?.close());

  describe('GET /embed/track/{id} and /embed/album/{id}', () => {
    it('answers a small player any site may frame, under a strict policy otherwise', async () => {
      const response = await get(`/embed/track/${free.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['x-frame-options']).toBeUndefined();
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toContain("default-src 'none'");
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain("'unsafe-inline'");
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['cache-control']).toBe('public, max-age=60');

      const html = response.body;
      // Escaped names, the cover, the stream of this track only, and Get opening the public page.
      expect(html).toContain('Asubuhi &quot;njema&quot;');
      expect(html).toContain('Nyota &lt;Band&gt;');
      expect(html).not.toContain('<Band>');
      expect(html).toContain(`/api/tracks/${free.id}/cover?size=96`);
      expect(html).toContain(`data-i="${free.id}"`);
      expect(html).toContain('"/api/tracks/"+');
      expect(html).toContain(`<a href="${publicUrl}/track/${free.id}" target="_blank" rel="noopener"`);
      expect(html).toMatch(/>Get<\/a>/);
      // Exactly one inline script, the one the policy's hash allows, and nothing loaded from elsewhere.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
    });

    it('says a preview-only song is a preview, offers Buy with its price, and its stream stops at the preview', async () => {
      const html = (await get(`/embed/track/${preview.id}`)).body;
      expect(html).toContain(`${PREVIEW_SECONDS}-second preview`);
      expect(html).toMatch(/>Buy KES 50\.00<\/a>/);
      // The player asks the one stream route, which sends a stranger (a framed player has no cookie) the preview only.
      const stream = await t.fetchBytes(`/api/tracks/${preview.id}/stream`);
      expect(stream.status).toBe(200);
      expect(decodedSecondsOfBytes(stream.bytes)).toBeLessThanOrEqual(PREVIEW_SECONDS + 0.1);
    });

    it('speaks Kiswahili when its address asks (?lang=sw, issue 33), English otherwise', async () => {
      const sw = (await get(`/embed/track/${preview.id}?lang=sw`)).body;
      expect(sw).toContain('<html lang="sw">');
      expect(sw).toContain('Kionjo cha sekunde 25');
      expect(sw).toContain('>Nunua KES ');
      expect(sw).toContain('aria-label="Cheza"');
      expect(sw).toContain('data-ended="Kionjo kimekwisha: nunua usikilize wimbo wote"');
      expect(sw).toContain(`href="${publicUrl}/track/${preview.id}?lang=sw"`);
      expect(sw).not.toMatch(/>Buy |second preview|Preview ended/);
      const albumSw = (await get(`/embed/album/${album.id}?lang=sw`)).body;
      expect(albumSw).toContain('aria-label="Nyimbo"');
      expect(albumSw).toMatch(/>(wimbo|nyimbo) \d+</);
      const gone = await get(`/embed/track/${randomUUID()}?lang=sw`);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('Haipatikani');
      // A cookie or the browser's language does not choose (the address alone keys a shared cache).
      const en = (await get(`/embed/track/${preview.id}`, { cookie: 'lang=sw', 'accept-language': 'sw' })).body;
      expect(en).toContain('<html lang="en">');
      expect(en).toContain('data-ended="Preview ended: Buy to hear it all"');
      expect((await get(`/embed/track/${preview.id}?lang=fr`)).body).toContain('<html lang="en">');
    });

    it("lists an album's songs in album order, to play one after another", async () => {
      const response = await get(`/embed/album/${album.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-frame-options']).toBeUndefined();
      const html = response.body;
      const order = [...html.matchAll(/<li><button type="button" data-i="([^"]+)"/g)].map((match) => match[1]);
      expect(order).toEqual([preview.id, free.id]);
      expect(html).toContain('Siku Moja');
      expect(html).toMatch(/>Buy KES 300\.00<\/a>/);
      expect(html).toContain(`href="${publicUrl}/album/${album.id}"`);
      // Only the preview-only song is marked a preview.
      expect(html.match(/ · preview</g)).toHaveLength(1);

      // An album whose only song was deleted: its name and Get, nothing to play.
      const lone = await t.uploadTrack(artist, media.mp3Short, { trackName: 'Peke Yake' });
      const empty = await t.sendForm('POST', '/api/albums', { fields: { albumName: 'Bado', selectedSongs: JSON.stringify([lone.id]) } }, artist.cookie);
      expect(empty.status, JSON.stringify(empty.body)).toBe(201);
      expect((await t.request('DELETE', `/api/tracks/${lone.id}`, { cookie: artist.cookie })).status).toBeLessThan(300);
      const emptyHtml = (await get(`/embed/album/${(empty.body as Album).id}`)).body;
      expect(emptyHtml).toContain('0 songs');
      expect(emptyHtml).not.toContain('<script');
      expect(emptyHtml).not.toContain('id="p"');
      expect(emptyHtml).toMatch(/>Get<\/a>/);
    });

    it('answers unknown or malformed ids with a small 404 page, still frameable, never a 500', async () => {
      for (const url of [`/embed/track/${randomUUID()}`, `/embed/album/${randomUUID()}`, '/embed/track/nope', `/embed/album/${free.id}`, '/embed/track/%00', "/embed/track/'%20OR%201=1--"]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['x-frame-options'], url).toBeUndefined();
        expect(response.body, url).toContain('Not found');
        expect(response.body, url).not.toContain('<script');
      }
      expect([400, 404]).toContain((await get(`/embed/track/${'x'.repeat(500)}`)).statusCode);
    });

    it('keeps every other page and API answer unframeable', async () => {
      for (const url of [`/track/${free.id}`, '/', `/api/track-detail/${free.id}`, `/api/oembed?url=${encodeURIComponent(`${publicUrl}/track/${free.id}`)}`]) {
        const response = await get(url);
        expect(response.headers['x-frame-options'], url).toBe(url.startsWith('/api/') ? 'DENY' : 'SAMEORIGIN');
        expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      }
    });

    it(`weighs under ${EMBED_GZIP_BUDGET_BYTES} bytes gzipped`, async () => {
      for (const url of [`/embed/track/${preview.id}`, `/embed/album/${album.id}`]) {
        const plain = await get(url);
        const gzipped = await get(url, { 'accept-encoding': 'gzip' });
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
        const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
        expect(brotli.headers['content-encoding']).toBe('br');
        console.info(`${url.split('/').slice(0, 3).join('/')}: ${plain.rawPayload.length} B, gzip ${gzipped.rawPayload.length} B, br ${brotli.rawPayload.length} B`);
        expect(gzipped.rawPayload.length).toBeLessThan(EMBED_GZIP_BUDGET_BYTES);
      }
    });
  });

  describe('GET /api/oembed', () => {
    it('answers oEmbed 1.0 rich for a track page: an iframe of its player', async () => {
      const response = await oembed({ url: `${publicUrl}/track/${free.id}`, format: 'json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const body = response.json();
      expect(body).toMatchObject({
        version: '1.0',
        type: 'rich',
        provider_name: 'Sauti',
        provider_url: `${publicUrl}/`,
        title: 'Asubuhi "njema" · Nyota <Band>',
        author_name: 'Nyota <Band>',
        width: 480,
        height: 120,
        thumbnail_width: 300,
        thumbnail_height: 300,
      });
      expect(body.author_url).toMatch(new RegExp(`^${publicUrl}/profile/nyotaband[0-9a-f]{8}$`));
      expect(body.thumbnail_url).toMatch(new RegExp(`^${publicUrl}/api/tracks/${free.id}/cover\\?size=300`));
      expect(body.html).toBe(
        `<iframe src="${publicUrl}/embed/track/${free.id}" width="480" height="120" style="width:100%;max-width:480px;border:0" frameborder="0" allow="autoplay" loading="lazy" title="Asubuhi &quot;njema&quot; by Nyota &lt;Band&gt; on Sauti"></iframe>`,
      );
    });

    it('answers for an album page, and without format; honours maxwidth and maxheight', async () => {
      const response = await oembed({ url: `${publicUrl}/album/${album.id}/`, maxwidth: '320', maxheight: '200' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ type: 'rich', title: 'Siku Moja · Nyota <Band>', width: 320, height: 200 });
      expect(body.thumbnail_url).toBeUndefined();
      expect(body.html).toContain(`src="${publicUrl}/embed/album/${album.id}" width="320" height="200"`);
      // Larger limits than the player: its own size.
      expect((await oembed({ url: `${publicUrl}/album/${album.id}`, maxwidth: '2000', maxheight: '2000' })).json()).toMatchObject({ width: 480, height: 352 });
    });

    it("keeps the thumbnail within maxwidth and maxheight too (oEmbed 2.3, issue 33)", async () => {
      const url = `${publicUrl}/track/${free.id}`;
      const thumbnailOf = async (query: Record<string, string>) => {
        const body = (await oembed({ url, ...query })).json();
        return { width: body.thumbnail_width, height: body.thumbnail_height, url: body.thumbnail_url };
      };
      const small = await thumbnailOf({ maxwidth: '200', maxheight: '500' });
      expect(small).toMatchObject({ width: 96, height: 96 });
      expect(small.url).toMatch(new RegExp(`^${publicUrl}/api/tracks/${free.id}/cover\\?size=96&`));
      // The image at that address is that size.
      const image = await t.fetchBytes(small.url.slice(publicUrl.length), { accept: 'image/jpeg' });
      expect(image.status).toBe(200);
      expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 96, height: 96 });
      expect(await thumbnailOf({ maxheight: '300' })).toMatchObject({ width: 300, height: 300 });
      expect(await thumbnailOf({ maxwidth: '2000' })).toMatchObject({ width: 300, height: 300 });
      // Nothing fits under 96 px: no thumbnail at all, rather than one too large.
      expect(await thumbnailOf({ maxwidth: '64' })).toEqual({ width: undefined, height: undefined, url: undefined });
    });

    it("gives a Kiswahili page's player in Kiswahili: the iframe's address and title (issue 33)", async () => {
      const body = (await oembed({ url: `${publicUrl}/track/${free.id}?lang=sw` })).json();
      expect(body.html).toContain(`src="${publicUrl}/embed/track/${free.id}?lang=sw"`);
      expect(body.html).toContain('title="Asubuhi &quot;njema&quot; ya Nyota &lt;Band&gt; kwenye Sauti"');
      expect((await oembed({ url: `${publicUrl}/track/${free.id}?lang=fr` })).json().html).toContain(`src="${publicUrl}/embed/track/${free.id}"`);
    });

    it('answers 501 for XML (oEmbed 2.3.4), 404 for what is not ours or does not exist, 400 for a bad url, never 500', async () => {
      expect((await oembed({ url: `${publicUrl}/track/${free.id}`, format: 'xml' })).statusCode).toBe(501);
      expect((await oembed({ url: `${publicUrl}/track/${free.id}`, format: 'xml' })).json().message).toEqual(expect.any(String));
      const notFound = [
        `${publicUrl}/track/${randomUUID()}`,
        `${publicUrl}/album/${randomUUID()}`,
        `${publicUrl}/album/${free.id}`,
        `${publicUrl}/track/not-an-id`,
        `https://evil.example/track/${free.id}`,
        `${publicUrl}.evil.example/track/${free.id}`,
        `${publicUrl}/profile/someone`,
        `${publicUrl}/`,
        `${publicUrl}/track/${free.id}/extra`,
        `${publicUrl}/track/%E0%A4%A`,
        `${publicUrl}/track/%00`,
      ];
      for (const url of notFound) expect((await oembed({ url })).statusCode, url).toBe(404);
      const invalid: Record<string, string>[] = [
        {},
        { url: '' },
        { url: 'not a url' },
        { url: `javascript:alert(1)//${publicUrl}/track/${free.id}` },
        { url: `/track/${free.id}` },
        { url: `file:///etc/passwd` },
        { url: `${publicUrl}/track/${'a'.repeat(3000)}` },
        { url: `${publicUrl}/track/${free.id}`, maxwidth: 'wide' },
        { url: `${publicUrl}/track/${free.id}`, maxwidth: '-5' },
        { url: `${publicUrl}/track/${free.id}`, maxheight: '0' },
        { url: `${publicUrl}/track/${free.id}`, maxheight: '1e9' },
      ];
      for (const query of invalid) {
        const response = await oembed(query);
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.json().message, JSON.stringify(query)).toEqual(expect.any(String));
      }
      // Repeated parameters and odd encodings are refused or answered, never a crash.
      for (const raw of [`url=a&url=b`, `url=%FF`, `url=${'%'.repeat(50)}`, `format[]=json&url=x`]) {
        expect((await get(`/api/oembed?${raw}`)).statusCode, raw).toBeLessThan(500);
      }
    });
  });
});
