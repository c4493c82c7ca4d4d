import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import {
  albumDetailSchema,
  PUBLIC_NOT_FOUND_MESSAGES,
  profileResponseSchema,
  trackDetailSchema,
  type ProfileResponse,
} from '#common/schemas/public';
import { RESERVED_ROUTE_WORDS } from '#common/slug';
import { profileViewThrottle, users } from '../../db/schema';
import { ListenerHasher } from '../playback';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import { PUBLIC_TRACK_KEYS, PUBLIC_USER_KEYS, publicReadForBlock, type PublicRead } from './public-read.fixture';

/** The public read API: profiles and their view counts, track and album pages, stream counts. */

describe('the public read API', () => {
  let t: CatalogTestApp;
  let kali: TestArtist;
  let songs: PublicRead['songs'];
  let album: Album;
  const { get, artistNamed, expectNothingPrivate, viewsOf } = publicReadForBlock((set) => ({ t, kali, songs, album } = set));

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
});
