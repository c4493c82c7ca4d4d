import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Track } from '#common/schemas/catalog/responses';
import { profileDailyViews, profileViews } from '../../db/schema';
import { COUNT_LAG_MS } from '../../lib/public-answers';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';

/**
 * Public answers kept per process and dropped by the events that change them, ETags and 304s, and
 * profile views counted in batches off the read path (docs/decisions/052). Also on PostgreSQL
 * (DATABASE_URL), where nothing is kept yet but every answer still has its ETag and views are batched.
 */
describe('public answers: ETags, events, views in batches', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let artist: TestArtist;
  let track: Track;

  const get = (url: string, options: { cookie?: string; address?: string; etag?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      ...(options.address ? { remoteAddress: options.address } : {}),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.etag ? { 'if-none-match': options.etag } : {}) },
    });

  const viewsOf = async (userId: string) => {
    await t.app.publicPages.viewsCounted();
    const [row] = await t.app.database.db.select({ n: count() }).from(profileViews).where(eq(profileViews.userId, userId));
    const [daily] = await t.app.database.db.select({ views: profileDailyViews.views }).from(profileDailyViews).where(eq(profileDailyViews.userId, userId));
    // The analytics' daily sum moves with the rows, in the same statement.
    expect(daily?.views ?? 0).toBe(row!.n);
    return row!.n;
  };

  const addresses = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}.${Math.floor(i / 250)}.${i % 250}`);

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    artist = await createArtist(t.app, 'Cache Artist');
    track = await t.uploadTrack(artist, media.mp3Short, { trackName: 'Mwanzo', artistName: 'Cache Artist' });
  });
  afterAll(async () => t?.close());

  it('answers 304 to the ETag it sent, and new bytes with a new ETag at the next read after an edit', async () => {
    const urls = [`/api/track-detail/${track.id}`, `/api/profile/${artist.id}`];
    const first = await Promise.all(urls.map((url) => get(url)));
    for (const response of first) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(response.body).toContain('Mwanzo');
    }
    for (const [i, url] of urls.entries()) {
      const again = await get(url, { etag: String(first[i]!.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first[i]!.headers.etag);
      // A browser or an intermediary that kept an older copy (or a list of tags) is answered too.
      expect((await get(url, { etag: `"old", W/${String(first[i]!.headers.etag)}` })).statusCode).toBe(304);
    }

    const edited = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { fields: { trackName: 'Mwisho' } }, artist.cookie);
    expect(edited.status).toBe(200);
    for (const [i, url] of urls.entries()) {
      const after = await get(url, { etag: String(first[i]!.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(first[i]!.headers.etag);
      expect(after.body).toContain('Mwisho');
      expect(after.body).not.toContain('Mwanzo');
    }
  });

  it("keeps a search's, the genres' and a genre's first page, with ETags, until an edit changes them (decision 060)", async () => {
    const edited = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { fields: { trackName: 'Jua Kali', genre: 'benga' } }, artist.cookie);
    expect(edited.status).toBe(200);
    const urls = ['/api/search?q=Jua%20Kali', '/api/genres', '/api/genres/benga/tracks'];
    const first = await Promise.all(urls.map((url) => get(url)));
    for (const [i, response] of first.entries()) {
      expect(response.statusCode, urls[i]).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
      expect((await get(urls[i]!, { etag: String(response.headers.etag) })).statusCode).toBe(304);
    }
    expect(first[0]!.body).toContain('Jua Kali');
    expect(first[2]!.body).toContain('Jua Kali');
    // Kept: the same entry answers the next read (an event-synced process keeps them on PostgreSQL too).
    expect(t.app.publicAnswers.peek('/api/genres')?.etag).toBe(first[1]!.headers.etag);
    const bengaBefore = (first[1]!.json() as { slug: string; trackCount: number }[]).find((genre) => genre.slug === 'benga')!.trackCount;

    // The edit drops every one of them: the next read, with the old ETag, gets the new bytes.
    expect((await t.sendForm('PATCH', `/api/tracks/${track.id}`, { fields: { trackName: 'Mvua Kubwa', genre: 'taarab' } }, artist.cookie)).status).toBe(200);
    const after = await Promise.all(urls.map((url, i) => get(url, { etag: String(first[i]!.headers.etag) })));
    for (const response of after) expect(response.statusCode).toBe(200);
    expect(after[0]!.json()).toMatchObject({ tracks: [] });
    expect((after[1]!.json() as { slug: string; trackCount: number }[]).find((genre) => genre.slug === 'benga')!.trackCount).toBe(bengaBefore - 1);
    expect(after[2]!.body).not.toContain(track.id);
    // A later page (a cursor) is read each time, never kept.
    const next = await get('/api/genres/taarab/tracks?limit=1&cursor=bm90LWEtY3Vyc29y');
    expect(next.statusCode).toBe(400);
  });

  it('sends shared-cache headers on public answers, and the same bytes to every visitor: nothing personal enters them', async () => {
    const fan = await createArtist(t.app, 'Cache Fan');
    // Personal answers stay out of shared caches and carry no shared ETag.
    const me = await get('/api/user', { cookie: fan.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const email = (me.json() as { email: string }).email;
    expect(email).toContain('@');
    const anonymous = await get(`/api/track-detail/${track.id}`, { address: '198.51.100.1' });
    const signedIn = await get(`/api/track-detail/${track.id}`, { cookie: fan.cookie, address: '198.51.100.2' });
    const owner = await get(`/api/track-detail/${track.id}`, { cookie: artist.cookie });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
    for (const response of [signedIn, owner]) {
      expect(response.body).toBe(anonymous.body);
      expect(response.headers.etag).toBe(anonymous.headers.etag);
    }
    for (const secret of [email, fan.id]) expect(anonymous.body).not.toContain(secret);
    // A profile is counted when read: a shared cache must ask each time (a 304 still counts).
    const profile = await get(`/api/profile/${artist.id}`, { cookie: fan.cookie });
    expect(profile.headers['cache-control']).toBe('public, no-cache');
    expect(profile.body).not.toContain(email);
    expect(profile.body).not.toContain(fan.id);
  });

  it("shows a counted play in the track's and the profile's answers within COUNT_LAG_MS", async () => {
    const before = JSON.parse((await get(`/api/track-detail/${track.id}`)).body).track.streamCount as number;
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/tracks/${track.id}/stream`,
      payload: { duration: 6, completedPercentage: 20, streamType: 'play' },
      remoteAddress: '192.0.2.77',
    });
    expect(played.json()).toMatchObject({ counted: true, streamCount: before + 1 });
    const profileCount = async () =>
      (JSON.parse((await get(`/api/profile/${artist.id}`, { address: '192.0.2.78' })).body) as { tracks: { id: string; streamCount: number }[] }).tracks.find(
        (row) => row.id === track.id,
      )?.streamCount;
    const trackCount = async () => JSON.parse((await get(`/api/track-detail/${track.id}`)).body).track.streamCount as number;
    // Within the lag the kept answers stand.
    expect(await trackCount()).toBe(before);
    // The clock moves past the lag (no sleep): the next read is still answered at once, and starts
    // the rebuild (decision 060); once that is done, the answers show the play.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + COUNT_LAG_MS + 1 });
    try {
      const [seenTrack, seenProfile] = [await trackCount(), await profileCount()];
      expect([before, before + 1]).toContain(seenTrack);
      expect([before, before + 1]).toContain(seenProfile);
      await t.app.publicAnswers.settled();
      expect(await trackCount()).toBe(before + 1);
      expect(await profileCount()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts N concurrent distinct fans as N views, once each, and none of them again within the window', async () => {
    const viewed = await createArtist(t.app, 'Viewed Concurrently');
    const fans = addresses(120, '10.1');
    const answers = await Promise.all(fans.map((address) => get(`/api/profile/${viewed.id}`, { address })));
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    expect(await viewsOf(viewed.id)).toBe(120);
    // The same fans again, at once, twice over (some with a 304): not one more.
    const etag = String(answers[0]!.headers.etag);
    await Promise.all([...fans, ...fans].map((address, i) => get(`/api/profile/${viewed.id}`, { address, ...(i % 2 ? { etag } : {}) })));
    expect(await viewsOf(viewed.id)).toBe(120);
    // A 304 is a view reaching the origin: a new fan revalidating counts.
    expect((await get(`/api/profile/${viewed.id}`, { address: '10.9.9.9', etag })).statusCode).toBe(304);
    expect(await viewsOf(viewed.id)).toBe(121);
  });

  it('stores every buffered view at a graceful close, and counts none twice after the restart', async () => {
    const viewed = await createArtist(t.app, 'Viewed Before Close');
    const fans = addresses(60, '10.2');
    await Promise.all(fans.map((address) => get(`/api/profile/${viewed.id}`, { address })));
    // No waiting for the batch: the close (SIGTERM's path) must store it.
    await t.restart();
    const [row] = await t.app.database.db.select({ n: count() }).from(profileViews).where(eq(profileViews.userId, viewed.id));
    expect(row!.n).toBe(60);
    // A new process remembers nothing; the database's throttle still refuses the same fans.
    await Promise.all(fans.map((address) => get(`/api/profile/${viewed.id}`, { address })));
    expect(await viewsOf(viewed.id)).toBe(60);
  });
});
