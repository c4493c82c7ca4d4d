import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import robotsParser from 'robots-parser';
import type { Album } from '#common/schemas/catalog/responses';
import { coverUrl, profilePhotoUrl } from '#common/playback';
import { toSlug } from '#common/slug';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { tracks } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import { createTestDatabase, makeDataDir, seedDataDir } from '../../../test/support/test-app';
import { publicReadForBlock, type PublicRead } from './public-read.fixture';

/** /sitemap.xml and /robots.txt: on DJ Kali's catalogue, and beside the web app on a PUBLIC_URL that needs escaping. */

describe('the public read API', () => {
  let t: CatalogTestApp;
  let kali: TestArtist;
  let songs: PublicRead['songs'];
  let album: Album;
  const { get, artistNamed, upload } = publicReadForBlock((set) => ({ t, kali, songs, album } = set));

  describe('sitemap and robots.txt', () => {
    it('lists every artist with a track, every album and every track, on PUBLIC_URL', async () => {
      const zoe = await artistNamed('Zoë Sitemap');
      const zoeSong = await upload(zoe, 'Wimbo');
      const silent = await artistNamed('No Songs Yet');

      const response = await get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = response.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
      const locs = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><\/url>/g)].map((match) => match[1]);
      expect(locs).toHaveLength((xml.match(/<url>/g) ?? []).length);

      expect(locs).toContain('http://sauti.test/profile/djkali');
      // Non-ASCII letters percent-encoded, as the protocol asks.
      expect(locs).toContain('http://sauti.test/profile/zo%C3%ABsitemap');
      expect(locs).not.toContain(`http://sauti.test/profile/${toSlug(silent.displayName)}`);
      expect(locs.filter((loc) => loc!.includes('/profile/'))).toHaveLength(2);
      for (const song of [...Object.values(songs), zoeSong]) expect(locs).toContain(`http://sauti.test/track/${song.id}`);
      expect(locs).toContain(`http://sauti.test/album/${album.id}`);
      expect(new Set(locs).size).toBe(locs.length);
      // Nothing private, nothing of the dashboard.
      expect(xml).not.toContain('/dashboard');
      expect(xml).not.toContain('/api/');
      expect(xml).not.toContain(zoe.id);
      expect((await get('/sitemap.xml', { address: '203.0.113.5' })).statusCode).toBe(200);
    });

    it('robots.txt lets a link preview fetch every share image and oEmbed, and keeps crawlers out of what is private (issue 33)', async () => {
      const response = await get('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect((await t.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
      // Read as a crawler reads it (RFC 9309), by a parser nobody here wrote.
      const robots = robotsParser('http://sauti.test/robots.txt', response.body);
      expect(robots.getSitemaps()).toEqual(['http://sauti.test/sitemap.xml']);
      const allowed = (sitePath: string) => robots.isAllowed(`http://sauti.test${sitePath}`, 'LinkedInBot/1.0');

      // The share images the pages' og:image name (web/src/app/ssr/page-data.ts), each answering
      // 200 here, and the oEmbed answer the track and album pages announce.
      const shareImages = [
        `${coverUrl('track', songs.jioni.id, songs.jioni.coverPhotoFilename, 640)}&format=jpeg`,
        `/api/cards/track/${songs.usiku.id}.png`,
        `/api/cards/album/${album.id}.png?lang=sw`,
        `/api/cards/profile/${kali.id}.png`,
        '/api/cards/site.png',
        `/api/oembed?url=${encodeURIComponent(`http://sauti.test/track/${songs.jioni.id}`)}&format=json`,
      ];
      for (const sitePath of shareImages) {
        expect(allowed(sitePath), sitePath).toBe(true);
        expect((await get(sitePath)).statusCode, sitePath).toBe(200);
      }
      // A profile photo (none uploaded here: the address is what counts).
      expect(allowed(profilePhotoUrl(kali.id, 'photo.jpg', 400)!)).toBe(true);
      for (const page of ['/', `/track/${songs.jioni.id}`, `/album/${album.id}`, '/profile/djkali', '/djkali', '/administrator', '/embed/track/x']) {
        expect(allowed(page), page).toBe(true);
      }

      // The signed-in and personal answers and pages.
      for (const sitePath of [
        '/api/user',
        '/api/user/preferences',
        '/api/tracks',
        '/api/albums',
        '/api/library?token=x',
        '/api/sales.csv',
        '/api/admin/audit',
        `/api/tracks/${songs.jioni.id}/download?token=x`,
        '/dashboard',
        '/dashboard?section=payments',
        '/admin',
        '/library?token=x',
        '/purchase/ref?token=x',
      ]) {
        expect(allowed(sitePath), sitePath).toBe(false);
      }
    });
  });
});

describe('sitemap.xml and robots.txt beside the web app, on a PUBLIC_URL that needs escaping', () => {
  const publicUrl = 'https://sauti.test/fans&friends';
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The built web app answers every other address with a page: these two must stay ours.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sauti</title><div id="root"></div>');
    const dataDir = seedDataDir(makeDataDir());
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
    app = await buildApp({ ...config, webDir }, { logger: false, startJobs: false });
    close = async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(webDir, { recursive: true, force: true });
      await database?.drop();
    };
  });
  afterAll(async () => close?.());

  it('escapes what XML needs escaped', async () => {
    const artist = await createArtist(app, 'Escaped Artist');
    const trackId = randomUUID();
    await app.database.db.insert(tracks).values({
      id: trackId,
      userId: artist.id,
      trackName: '<b>Me & You</b>',
      artistName: 'Escaped "Artist"',
      originalName: 'me&you.mp3',
      fileSize: 1,
      mimeType: 'audio/mpeg',
      duration: 1,
      audioKey: `audio/${artist.id}/${randomUUID()}.mp3`,
    });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain(`<loc>https://sauti.test/fans&amp;friends/track/${trackId}</loc>`);
    expect(response.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(response.body).not.toContain('Me & You');

    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml\n`);
    // Any other address is the web app's page.
    const page = await app.inject({ method: 'GET', url: '/some-artist' });
    expect(page.body).toContain('<div id="root">');
  });
});
