import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import {
  albumDetailSchema,
  PUBLIC_NOT_FOUND_MESSAGES,
  profileResponseSchema,
  trackDetailSchema,
  type ProfileResponse,
} from '#common/schemas/public';
import robotsParser from 'robots-parser';
import { coverUrl, profilePhotoUrl } from '#common/playback';
import { RESERVED_ROUTE_WORDS, toSlug } from '#common/slug';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { covers, profileViews, profileViewThrottle, socialLinks, tracks, users } from '../../db/schema';
import { ListenerHasher } from '../playback';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { createTestDatabase, makeDataDir, seedDataDir } from '../../../test/support/test-app';

/** What a public track carries (spec section 3 minus the uploader's file name and the rendition state). */
const PUBLIC_TRACK_KEYS = [
  'albumId',
  'allowFullPlayback',
  'artistName',
  'coverPhotoFilename',
  'downloadCount',
  'duration',
  'fileSize',
  'genre',
  'id',
  'mimeType',
  'payMore',
  'price',
  'purchasable',
  'streamCount',
  'suggestedPrice',
  'tags',
  'trackName',
  'uploadedAt',
  'userId',
];
const PUBLIC_USER_KEYS = ['displayName', 'hasProfilePhoto', 'id', 'profilePhotoFilename', 'profileUrl'];

/** Words that name private fields: none may appear anywhere in a public answer. */
const PRIVATE_WORDS = ['passwordHash', 'password', 'email', 'audioKey', 'originalKey', 'originalName', 'storageKey', 'streamReady', 'not-a-real-hash'];

/** The file name the artist's computer gave the upload: private (it can say more than meant). */
const SECRET_FILE_NAME = 'kali-demo-DO-NOT-LEAK-v3.mp3';

describe('the public read API', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  /** DJ Kali: three songs (one with a cover), an album of two of them, two social links. */
  let kali: TestArtist;
  let songs: { asubuhi: Track; jioni: Track; usiku: Track };
  let album: Album;

  const get = (url: string, options: { cookie?: string; address?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      ...(options.address ? { remoteAddress: options.address } : {}),
      headers: options.cookie ? { cookie: options.cookie } : {},
    });

  /** An artist whose slug is exactly the slug of their display name, as sign-up makes it. */
  async function artistNamed(displayName: string): Promise<TestArtist> {
    const artist = await createArtist(t.app, displayName);
    await t.app.database.db.update(users).set({ displaySlug: toSlug(displayName) }).where(eq(users.id, artist.id));
    return artist;
  }

  const upload = (artist: TestArtist, trackName: string, files: { name?: string; cover?: boolean } = {}): Promise<Track> =>
    t.uploadTrack(
      artist,
      { field: 'audio', path: media.mp3Short, ...(files.name ? { name: files.name } : {}) },
      { trackName, artistName: 'DJ Kali', price: '50' },
      files.cover ? [{ field: 'coverPhoto', path: media.coverJpg }] : [],
    );

  /** Everything private about an artist's uploads, as stored: none of it may be sent. */
  async function privateStrings(artist: TestArtist): Promise<string[]> {
    const db = t.app.database.db;
    const trackRows = await db.select({ audioKey: tracks.audioKey, originalName: tracks.originalName }).from(tracks).where(eq(tracks.userId, artist.id));
    const coverRows = await db.select({ originalKey: covers.originalKey }).from(covers).where(eq(covers.userId, artist.id));
    const [account] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, artist.id));
    return [
      account!.email,
      account!.passwordHash,
      ...trackRows.flatMap((row) => [row.audioKey, path.posix.basename(row.audioKey, path.posix.extname(row.audioKey)), row.originalName]),
      ...coverRows.map((row) => row.originalKey),
    ];
  }

  async function expectNothingPrivate(body: string, artist: TestArtist) {
    const secrets = await privateStrings(artist);
    expect(secrets).toContain(SECRET_FILE_NAME);
    for (const secret of [...secrets, ...PRIVATE_WORDS]) expect(body).not.toContain(secret);
  }

  const viewsOf = async (userId: string) => {
    await t.app.publicPages.viewsCounted();
    const [row] = await t.app.database.db.select({ n: count() }).from(profileViews).where(eq(profileViews.userId, userId));
    return row!.n;
  };

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    kali = await artistNamed('DJ Kali');
    const asubuhi = await upload(kali, 'Asubuhi', { name: SECRET_FILE_NAME });
    const jioni = await upload(kali, 'Jioni', { cover: true });
    const usiku = await upload(kali, 'Usiku');
    songs = { asubuhi, jioni, usiku };
    // Album order is the artist's choice, not upload order.
    album = await t.uploadAlbum(kali, { albumName: 'Siku Moja', price: '300', selectedSongs: JSON.stringify([usiku.id, asubuhi.id]) });
    // Social links are written by the profiles module; inserted here out of order on purpose.
    await t.app.database.db.insert(socialLinks).values([
      { userId: kali.id, title: 'YouTube', url: 'https://youtube.com/@djkali', createdAt: new Date(Date.now() - 1_000) },
      { userId: kali.id, title: 'Instagram', url: 'https://instagram.com/djkali', createdAt: new Date(Date.now() - 60_000) },
    ]);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  describe('GET /api/profile/{identifier}', () => {
    it('answers the artist, every track newest first, albums with their songs in album order, and links', async () => {
      const response = await get(`/api/profile/${kali.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, no-cache');
      const profile: ProfileResponse = profileResponseSchema.parse(response.json());
      expect(profile.user).toEqual({
        id: kali.id,
        displayName: 'DJ Kali',
        profilePhotoFilename: null,
        profileUrl: '/profile/djkali',
        hasProfilePhoto: false,
      });
      expect(profile.tracks.map((track) => track.trackName)).toEqual(['Usiku', 'Jioni', 'Asubuhi']);
      const jioni = profile.tracks.find((track) => track.id === songs.jioni.id)!;
      expect(jioni).toMatchObject({ userId: kali.id, artistName: 'DJ Kali', price: 5000, mimeType: 'audio/mpeg', albumId: null, streamCount: 0, downloadCount: 0 });
      expect(jioni.coverPhotoFilename).toBe(songs.jioni.coverPhotoFilename);
      expect(jioni.coverPhotoFilename).toMatch(/^[0-9a-f-]{36}\.jpg$/);
      expect(jioni.duration).toBeCloseTo(5, 0);

      expect(profile.albums).toHaveLength(1);
      const [only] = profile.albums;
      expect(only).toMatchObject({ id: album.id, userId: kali.id, albumName: 'Siku Moja', artistName: 'DJ Kali', price: 30000, coverPhotoFilename: null });
      expect(only!.createdAt).toBe(album.createdAt);
      expect(only!.tracks.map((track) => track.trackName)).toEqual(['Usiku', 'Asubuhi']);
      expect(only!.tracks.every((track) => track.albumId === album.id)).toBe(true);

      expect(profile.socialLinks.map(({ title, url }) => ({ title, url }))).toEqual([
        { title: 'Instagram', url: 'https://instagram.com/djkali' },
        { title: 'YouTube', url: 'https://youtube.com/@djkali' },
      ]);
      expect(Object.keys(profile.socialLinks[0]!).sort()).toEqual(['id', 'title', 'url']);

      // Exactly the public shapes, no more.
      const raw = response.json();
      expect(Object.keys(raw).sort()).toEqual(['albums', 'socialLinks', 'tracks', 'user']);
      expect(Object.keys(raw.user).sort()).toEqual(PUBLIC_USER_KEYS);
      for (const track of [...raw.tracks, ...raw.albums[0].tracks]) expect(Object.keys(track).sort()).toEqual(PUBLIC_TRACK_KEYS);
      await expectNothingPrivate(response.body, kali);
    });

    it.each([
      ['DJ%20Kali'],
      ['dj%20kali'],
      ['djkali'],
      ['DJKALI'],
      ['Dj-Kali'],
      ['%20dj.kali%21'],
    ])('reaches the same artist by id or by the slug of %s', async (identifier) => {
      const byId = await get(`/api/profile/${kali.id}`);
      const byName = await get(`/api/profile/${identifier}`);
      expect(byName.statusCode).toBe(200);
      expect(byName.json()).toEqual(byId.json());
    });

    it('takes an id in capitals, and a name in any script', async () => {
      expect((await get(`/api/profile/${kali.id.toUpperCase()}`)).json().user.id).toBe(kali.id);
      const zoe = await artistNamed('Zoë Wanjiru');
      for (const identifier of ['Zo%C3%AB%20Wanjiru', encodeURIComponent('zoëwanjiru'), encodeURIComponent('ZOË WANJIRU')]) {
        const response = await get(`/api/profile/${identifier}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ user: { id: zoe.id, profileUrl: '/profile/zo%C3%ABwanjiru' }, tracks: [], albums: [], socialLinks: [] });
      }
    });

    it('never resolves a reserved route word, even for an account that has one as its slug', async () => {
      // Sign-up refuses these names; an account from before the rule (or a manual edit) must not take the route.
      const squatter = await createArtist(t.app, 'Dashboard');
      await t.app.database.db.update(users).set({ displaySlug: 'dashboard' }).where(eq(users.id, squatter.id));
      for (const word of [...RESERVED_ROUTE_WORDS, 'Dashboard', 'API', 'verifyemail']) {
        const response = await get(`/api/profile/${encodeURIComponent(word)}`);
        expect(response.statusCode, word).toBe(404);
        expect(response.json()).toEqual({ code: 'profile.not-found', message: 'Profile not found' });
      }
    });

    it('keeps leading to an artist who held a word before it was reserved, under /profile/ only (decision 042)', async () => {
      // Sign-up and renames refuse 'Embed' now; an artist who took it before keeps it.
      const holder = await createArtist(t.app, 'Embed');
      await t.app.database.db.update(users).set({ displaySlug: 'embed' }).where(eq(users.id, holder.id));
      for (const identifier of ['embed', 'Embed', 'EMBED', holder.id]) {
        const response = await get(`/api/profile/${identifier}`);
        expect(response.statusCode, identifier).toBe(200);
        expect(response.json().user, identifier).toMatchObject({ id: holder.id, profileUrl: '/profile/embed' });
      }
      // A word nobody held before it was reserved leads nowhere.
      for (const word of ['redeem', 'admin', 'search']) expect((await get(`/api/profile/${word}`)).statusCode, word).toBe(404);
    });

    it('answers 404 Profile not found for unknown and malformed identifiers, never a 500', async () => {
      for (const identifier of [randomUUID(), 'nobody-here', '%F0%9F%8E%B5', '...', 'a%00b', '%00', 'dj%07kali', '..%2F..%2Fetc%2Fpasswd', "'%20OR%201=1--", 'x'.repeat(100)]) {
        const response = await get(`/api/profile/${identifier}`);
        expect(response.statusCode, identifier).toBe(404);
        expect(response.json(), identifier).toEqual({ code: 'profile.not-found', message: PUBLIC_NOT_FOUND_MESSAGES.profile });
      }
      // Longer than any name, or not even UTF-8: refused before any query.
      for (const identifier of ['x'.repeat(201), 'x'.repeat(5000), `${kali.id}${'0'.repeat(200)}`, '%E0%A4%A', '%FF']) {
        const response = await get(`/api/profile/${identifier}`);
        expect([400, 404], identifier.slice(0, 20)).toContain(response.statusCode);
        expect(response.json().message).toEqual(expect.any(String));
      }
      // An unverified account has no public page (it could not have signed in to make one).
      const unverified = await artistNamed('Not Yet Verified');
      await t.app.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));
      expect((await get(`/api/profile/${unverified.id}`)).statusCode).toBe(404);
      expect((await get('/api/profile/notyetverified')).statusCode).toBe(404);
    });
  });

  describe('profile views', () => {
    it('counts one view per viewer per 10 minutes, none for the owner, one for each other viewer', async () => {
      const artist = await artistNamed('View Counter');
      const fan = await t.artist();
      expect(await viewsOf(artist.id)).toBe(0);

      // An anonymous fan: counted once, whether they come by id or by name.
      expect((await get(`/api/profile/${artist.id}`, { address: '203.0.113.7' })).statusCode).toBe(200);
      expect(await viewsOf(artist.id)).toBe(1);
      await Promise.all([
        get('/api/profile/View%20Counter', { address: '203.0.113.7' }),
        get('/api/profile/viewcounter', { address: '203.0.113.7' }),
        get(`/api/profile/${artist.id}`, { address: '203.0.113.7' }),
      ]);
      expect(await viewsOf(artist.id)).toBe(1);

      // The artist looking at their own page, from anywhere: never counted.
      await get(`/api/profile/${artist.id}`, { cookie: artist.cookie, address: '203.0.113.7' });
      await get(`/api/profile/${artist.id}`, { cookie: artist.cookie, address: '192.0.2.44' });
      expect(await viewsOf(artist.id)).toBe(0 + 1);

      // Asking whether the page exists is not viewing it.
      expect((await t.app.inject({ method: 'HEAD', url: `/api/profile/${artist.id}`, remoteAddress: '192.0.2.45' })).statusCode).toBe(200);
      expect(await viewsOf(artist.id)).toBe(1);

      // Another address, and a signed-in fan on the first address: two more viewers.
      await get(`/api/profile/${artist.id}`, { address: '198.51.100.9' });
      await get(`/api/profile/${artist.id}`, { cookie: fan.cookie, address: '203.0.113.7' });
      await get(`/api/profile/${artist.id}`, { cookie: fan.cookie, address: '198.51.100.200' });
      expect(await viewsOf(artist.id)).toBe(3);

      // An IPv6 household is one viewer across its /64.
      await get(`/api/profile/${artist.id}`, { address: '2001:db8:1:2::1' });
      await get(`/api/profile/${artist.id}`, { address: '2001:db8:1:2:ffff::9' });
      expect(await viewsOf(artist.id)).toBe(4);

      // Ten minutes later the first fan counts again. Only the salted hash of them is stored.
      const throttles = await t.app.database.db.select().from(profileViewThrottle).where(eq(profileViewThrottle.userId, artist.id));
      expect(throttles).toHaveLength(4);
      for (const row of throttles) expect(row.viewerHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(throttles)).not.toContain('203.0.113.7');
      expect(JSON.stringify(throttles)).not.toContain(fan.id);
      // (The clock moves, not the rows: the process also remembers until when a viewer cannot count, decision 052.)
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
      try {
        await get(`/api/profile/viewcounter`, { address: '203.0.113.7' });
        expect(await viewsOf(artist.id)).toBe(5);
      } finally {
        vi.useRealTimers();
      }

      // Someone else's profile is counted on its own.
      expect(await viewsOf(kali.id)).toBeGreaterThanOrEqual(1);
    });

    it('counts simultaneous views of one viewer once', async () => {
      const artist = await artistNamed('Busy Page');
      const responses = await Promise.all(Array.from({ length: 8 }, () => get(`/api/profile/${artist.id}`, { address: '203.0.113.99' })));
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      expect(await viewsOf(artist.id)).toBe(1);
    });

    it('answers the profile even when the view cannot be counted', async () => {
      const artist = await artistNamed('Still Answers');
      // No salt to be had: the visitor cannot be hashed, at once (hashNow) or by asking (hash).
      vi.spyOn(ListenerHasher.prototype, 'hashNow').mockReturnValue(undefined);
      vi.spyOn(ListenerHasher.prototype, 'hash').mockRejectedValue(new Error('the salt table is gone'));
      const response = await get(`/api/profile/${artist.id}`, { address: '203.0.113.50' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(artist.id);
      expect(await viewsOf(artist.id)).toBe(0);
      vi.restoreAllMocks();
      await get(`/api/profile/${artist.id}`, { address: '203.0.113.50' });
      expect(await viewsOf(artist.id)).toBe(1);
    });

    it('the forget job drops only throttle rows past their window', async () => {
      const artist = await artistNamed('Forgetful');
      await get(`/api/profile/${artist.id}`, { address: '203.0.113.60' });
      await get(`/api/profile/${artist.id}`, { address: '203.0.113.61' });
      await t.app.publicPages.viewsCounted();
      const db = t.app.database.db;
      await db.execute(sql`UPDATE ${profileViewThrottle} SET last_counted_at = now() - interval '11 minutes'
        WHERE user_id = ${artist.id} AND viewer_hash = (SELECT min(viewer_hash) FROM ${profileViewThrottle} WHERE user_id = ${artist.id})`);
      await t.app.jobs.enqueue('public-pages.forget-old-views', {});
      await t.app.jobs.drain(['public-pages.forget-old-views']);
      expect(await db.select().from(profileViewThrottle).where(eq(profileViewThrottle.userId, artist.id))).toHaveLength(1);
      expect(await viewsOf(artist.id)).toBe(2);
    });
  });

  describe('GET /api/track-detail/{trackId} and /api/album-detail/{albumId}', () => {
    it('answers a track and its artist, and nothing private', async () => {
      const response = await get(`/api/track-detail/${songs.asubuhi.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
      const detail = trackDetailSchema.parse(response.json());
      expect(detail.user).toMatchObject({ id: kali.id, displayName: 'DJ Kali', profileUrl: '/profile/djkali' });
      expect(detail.track).toMatchObject({ id: songs.asubuhi.id, trackName: 'Asubuhi', albumId: album.id, price: 5000 });
      expect(Object.keys(response.json().track).sort()).toEqual(PUBLIC_TRACK_KEYS);
      expect(Object.keys(response.json().user).sort()).toEqual(PUBLIC_USER_KEYS);
      await expectNothingPrivate(response.body, kali);
      // The same track, any case of its id.
      expect((await get(`/api/track-detail/${songs.asubuhi.id.toUpperCase()}`)).json().track.id).toBe(songs.asubuhi.id);
    });

    it('answers an album, its songs in album order and its artist, and nothing private', async () => {
      const response = await get(`/api/album-detail/${album.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
      const detail = albumDetailSchema.parse(response.json());
      expect(detail.album).toEqual({
        id: album.id,
        userId: kali.id,
        albumName: 'Siku Moja',
        artistName: 'DJ Kali',
        coverPhotoFilename: null,
        price: 30000,
        payMore: false,
        suggestedPrice: null,
        genre: null,
        tags: [],
        createdAt: album.createdAt,
        // Priced, and DJ Kali has no payout method yet (issue 16).
        purchasable: false,
      });
      expect(Object.keys(response.json().album).sort()).toEqual(['albumName', 'artistName', 'coverPhotoFilename', 'createdAt', 'genre', 'id', 'payMore', 'price', 'purchasable', 'suggestedPrice', 'tags', 'userId']);
      expect(detail.tracks.map((track) => track.id)).toEqual([songs.usiku.id, songs.asubuhi.id]);
      for (const track of response.json().tracks) expect(Object.keys(track).sort()).toEqual(PUBLIC_TRACK_KEYS);
      expect(detail.user.id).toBe(kali.id);
      await expectNothingPrivate(response.body, kali);

      // A new order is shown at once (no cache to wait out).
      const edited = await t.sendForm(
        'PATCH',
        `/api/albums/${album.id}`,
        { fields: { albumName: 'Siku Moja', selectedSongs: JSON.stringify([songs.asubuhi.id, songs.jioni.id, songs.usiku.id]) } },
        kali.cookie,
      );
      expect(edited.status).toBe(200);
      const reordered = (await get(`/api/album-detail/${album.id}`)).json();
      expect(reordered.tracks.map((track: Track) => track.trackName)).toEqual(['Asubuhi', 'Jioni', 'Usiku']);
      const profile = (await get('/api/profile/djkali', { cookie: kali.cookie })).json();
      expect(profile.albums[0].tracks.map((track: Track) => track.trackName)).toEqual(['Asubuhi', 'Jioni', 'Usiku']);
      // Put back the order the other tests expect.
      await t.sendForm(
        'PATCH',
        `/api/albums/${album.id}`,
        { fields: { albumName: 'Siku Moja', selectedSongs: JSON.stringify([songs.usiku.id, songs.asubuhi.id]) } },
        kali.cookie,
      );
    });

    it.each([
      ['track-detail', PUBLIC_NOT_FOUND_MESSAGES.track, 'track.not-found'],
      ['album-detail', PUBLIC_NOT_FOUND_MESSAGES.album, 'album.not-found'],
    ])('%s: 404 with its message for unknown and malformed ids, never a 500', async (route, message, code) => {
      for (const id of [randomUUID(), 'not-a-uuid', '123', '%00', 'a%00b', `${randomUUID()}x`, "1'%20OR%20'1'='1", 'x'.repeat(100)]) {
        const response = await get(`/api/${route}/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json(), id).toEqual({ code, message });
      }
      for (const id of ['x'.repeat(300), '%E0%A4%A']) {
        const response = await get(`/api/${route}/${id}`);
        expect([400, 404]).toContain(response.statusCode);
      }
      // An album id is not a track id, nor the other way round.
      expect((await get(`/api/${route}/${route === 'track-detail' ? album.id : songs.usiku.id}`)).statusCode).toBe(404);
    });
  });

  it('the public stream count answers only the count, to anyone', async () => {
    const response = await get(`/api/tracks/${songs.jioni.id}/streams`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ streamCount: 0 });
    expect((await get(`/api/tracks/${randomUUID()}/streams`)).statusCode).toBe(404);
    expect((await get('/api/tracks/not-a-uuid/streams')).statusCode).toBe(404);
  });

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

describe('albums on track pages, album covers for their songs, and share cards (issue 17)', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let nyota: TestArtist;
  /** On the album, no cover of its own. */
  let bare: Track;
  /** On the album, with its own cover. */
  let covered: Track;
  /** Not on any album, no cover. */
  let single: Track;
  let album: Album;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  /** A PNG's width and height, from its IHDR chunk (the first, right after the signature). */
  const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    nyota = await createArtist(t.app, 'Nyota Ndogo');
    const upload = (trackName: string, cover: boolean) =>
      t.uploadTrack(
        nyota,
        media.mp3Short,
        { trackName, artistName: 'Nyota Ndogo', genre: 'taarab' },
        cover ? [{ field: 'coverPhoto', path: media.coverJpg }] : [],
      );
    bare = await upload('Kuna Watu', false);
    covered = await upload('Watu na Viatu', true);
    single = await upload('Chereko', false);
    const created = await t.sendForm(
      'POST',
      '/api/albums',
      { fields: { albumName: 'Nyota Gold', price: '0', selectedSongs: JSON.stringify([bare.id, covered.id]) }, files: [{ field: 'coverPhoto', path: media.coverPng }] },
      nyota.cookie,
    );
    expect(created.status).toBe(201);
    album = created.body;
    expect(album.coverPhotoFilename).toMatch(/\.png$/);
  });
  afterAll(async () => t?.close());

  it('names the album a track is on, and more from its artist, newest first', async () => {
    const detail = trackDetailSchema.parse((await get(`/api/track-detail/${bare.id}`)).json());
    expect(detail.album).toEqual({ id: album.id, albumName: 'Nyota Gold', coverPhotoFilename: album.coverPhotoFilename });
    expect(detail.moreFromArtist.map((track) => track.trackName)).toEqual(['Chereko', 'Watu na Viatu']);
    for (const track of detail.moreFromArtist) expect(Object.keys(track).sort()).toEqual(PUBLIC_TRACK_KEYS);
    const alone = trackDetailSchema.parse((await get(`/api/track-detail/${single.id}`)).json());
    expect(alone.album).toBeNull();
    expect(alone.moreFromArtist.map((track) => track.id)).toEqual([covered.id, bare.id]);
    await expectNothingPrivateIn(JSON.stringify(detail));
  });

  it("shows a song without its own cover with its album's, in every public answer; a song's own cover stays its own", async () => {
    const albumCover = album.coverPhotoFilename;
    const ownCover = covered.coverPhotoFilename;
    expect(ownCover).toMatch(/\.jpg$/);
    const coverOf = (list: { id: string; coverPhotoFilename: string | null }[], id: string) => list.find((track) => track.id === id)?.coverPhotoFilename;

    const detail = (await get(`/api/track-detail/${bare.id}`)).json();
    expect(detail.track.coverPhotoFilename).toBe(albumCover);
    expect((await get(`/api/track-detail/${covered.id}`)).json().track.coverPhotoFilename).toBe(ownCover);
    expect(coverOf((await get(`/api/track-detail/${single.id}`)).json().moreFromArtist, bare.id)).toBe(albumCover);

    const profile = (await get(`/api/profile/${nyota.id}`)).json();
    expect(coverOf(profile.tracks, bare.id)).toBe(albumCover);
    expect(coverOf(profile.tracks, covered.id)).toBe(ownCover);
    expect(coverOf(profile.tracks, single.id)).toBeNull();
    expect(coverOf(profile.albums[0].tracks, bare.id)).toBe(albumCover);
    expect(coverOf((await get(`/api/album-detail/${album.id}`)).json().tracks, bare.id)).toBe(albumCover);

    const search = (await get('/api/search?q=kuna%20watu&limit=10')).json();
    expect(coverOf(search.tracks, bare.id)).toBe(albumCover);
    const genre = (await get('/api/genres/taarab/tracks')).json();
    expect(coverOf(genre.tracks, bare.id)).toBe(albumCover);
    expect(coverOf(genre.tracks, covered.id)).toBe(ownCover);

    // The thumbnail behind that name is the album's, and it is the versioned (immutable) one.
    const thumbnail = await get(`/api/tracks/${bare.id}/cover?size=96&format=jpeg&v=${albumCover}`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.headers['cache-control']).toContain('immutable');
    const albumThumbnail = await get(`/api/albums/${album.id}/cover?size=96&format=jpeg`);
    expect(thumbnail.headers.etag).toBe(albumThumbnail.headers.etag);
    expect((await get(`/api/tracks/${single.id}/cover?size=96`)).statusCode).toBe(404);
  });

  it.each([
    ['track', () => bare.id],
    ['album', () => album.id],
    ['profile', () => nyota.id],
  ])('draws the %s card as a 1200x630 PNG, cacheable, revalidated by its ETag', async (kind, id) => {
    const response = await get(`/api/cards/${kind}/${id()}.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.rawPayload.length).toBeLessThan(100_000);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"card-[\w-]+"$/);
    const again = await get(`/api/cards/${kind}/${id()}.png`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('draws the site card, and a new card when a name changes', async () => {
    const site = await get('/api/cards/site.png');
    expect(site.statusCode).toBe(200);
    expect(site.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(site.rawPayload)).toEqual({ width: 1200, height: 630 });

    const before = (await get(`/api/cards/track/${single.id}.png`)).headers.etag;
    await t.app.database.db.update(tracks).set({ trackName: 'Chereko (Remix)' }).where(eq(tracks.id, single.id));
    const after = await get(`/api/cards/track/${single.id}.png`, { 'if-none-match': before as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('draws a card in the language asked for (?lang=, the cookie), varying on what chooses it (decision 049)', async () => {
    const english = await get(`/api/cards/track/${single.id}.png`);
    const kiswahili = await get(`/api/cards/track/${single.id}.png?lang=sw`);
    expect(kiswahili.statusCode).toBe(200);
    expect(kiswahili.headers.vary).toContain('Accept-Language');
    expect(kiswahili.headers.etag).not.toBe(english.headers.etag);
    expect((await get(`/api/cards/track/${single.id}.png`, { cookie: 'lang=sw' })).headers.etag).toBe(kiswahili.headers.etag);
    expect((await get('/api/cards/site.png?lang=sw')).headers.etag).not.toBe((await get('/api/cards/site.png')).headers.etag);
  });

  it('draws names no font can show, and names that try to break out of the drawing, without an error', async () => {
    for (const trackName of ['🎵🎶🔥', '</text><script>alert(1)</script> & "x"', 'ملكة الطرب', 'x'.repeat(100), 'Ω']) {
      await t.app.database.db.update(tracks).set({ trackName }).where(eq(tracks.id, single.id));
      const response = await get(`/api/cards/track/${single.id}.png`);
      expect(response.statusCode, trackName).toBe(200);
      expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
  });

  it('answers 404 for an unknown item, a malformed address and an artist without a public page, never a 500', async () => {
    const hidden = await createArtist(t.app, 'Not Verified');
    await t.app.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, hidden.id));
    const hiddenTrack = await t.uploadTrack(hidden, media.mp3Short, { trackName: 'Hidden' });
    expect((await get(`/api/profile/${hidden.id}`)).statusCode).toBe(404);
    for (const url of [
      `/api/cards/track/${randomUUID()}.png`,
      `/api/cards/album/${randomUUID()}.png`,
      `/api/cards/profile/${randomUUID()}.png`,
      `/api/cards/profile/${hidden.id}.png`,
      `/api/cards/album/${bare.id}.png`,
      `/api/cards/track/${album.id}.png`,
      `/api/cards/track/${bare.id}`,
      `/api/cards/track/${bare.id}.jpg`,
      `/api/cards/user/${nyota.id}.png`,
      '/api/cards/track/not-a-uuid.png',
      '/api/cards/track/.png',
      '/api/cards/track/%00.png',
      `/api/cards/track/${'x'.repeat(300)}.png`,
      '/api/cards/track/%E0%A4%A.png',
    ]) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
    }
    // A track is public as its page is: the card follows the track-detail read.
    expect((await get(`/api/track-detail/${hiddenTrack.id}`)).statusCode).toBe((await get(`/api/cards/track/${hiddenTrack.id}.png`)).statusCode);
  });

  async function expectNothingPrivateIn(body: string) {
    for (const word of PRIVATE_WORDS) expect(body).not.toContain(word);
  }
});
