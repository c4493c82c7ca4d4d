import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuredArtistSchema, featuredTrackEntrySchema, newReleaseSchema } from '#common/schemas/public';
import { TRENDING_HALF_LIFE_DAYS } from '#common/trending';
import { albums, covers, editorPicks, trackDownloads, trackPlays, trackTrends, trendingExpiry, tracks, users } from '../../db/schema';
import { expireTrends, rebuildTrends } from '../playback';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { DISCOVERY_RANK_JOB, EditorsPicks, PicksError, trendingScore } from './index';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("the landing page's lists before anything is featured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it.each([
    ['/api/featured-tracks?limit=12'],
    ['/api/featured-artists?limit=10'],
    ['/api/editors-picks?limit=12'],
    ['/api/editors-picks'],
    ['/api/new-releases'],
  ])('%s answers an empty list, to anyone', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['featured-tracks', 'limit=0', 'limit must be at least 1'],
    ['featured-tracks', 'limit=51', 'limit must be at most 50'],
    ['featured-artists', 'limit=-3', 'limit must be at least 1'],
    ['editors-picks', 'limit=1000000000000', 'limit must be at most 50'],
    ['featured-tracks', 'limit=2.5', 'limit must be a whole number'],
    ['featured-artists', 'limit=lots', 'limit must be a whole number'],
    ['editors-picks', 'limit=', 'limit must be at least 1'],
    ['new-releases', 'limit=51', 'limit must be at most 50'],
  ])('/api/%s refuses %s with a message', async (path, query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/${path}?${query}` });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('queued a computation of the empty rankings at startup, which finds nothing to rank', async () => {
    const queued = await t.app.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${DISCOVERY_RANK_JOB} AND status = 'queued'`,
    );
    expect(queued.rows[0]!.n).toBeGreaterThanOrEqual(1);
    await t.app.jobs.drain([DISCOVERY_RANK_JOB]);
    expect((await t.app.inject({ method: 'GET', url: '/api/featured-tracks' })).json()).toEqual([]);
  });
});

describe("the landing page's lists with plays, downloads and picks", () => {
  let t: TestApp;
  let artist: TestArtist;

  beforeAll(async () => {
    t = await startTestApp();
    artist = await createArtist(t.app);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.database.db;

  async function addTrack(
    options: { owner?: string; name?: string; uploadedAt?: Date; id?: string; withCover?: boolean } = {},
  ): Promise<string> {
    const id = options.id ?? randomUUID();
    const userId = options.owner ?? artist.id;
    let coverId: string | null = null;
    if (options.withCover) {
      coverId = randomUUID();
      await db().insert(covers).values({ id: coverId, userId, originalKey: `covers/${userId}/${coverId}/original.png`, mimeType: 'image/png', byteSize: 10 });
    }
    await db()
      .insert(tracks)
      .values({
        id,
        userId,
        trackName: options.name ?? `Song ${id.slice(0, 6)}`,
        artistName: 'Some Artist',
        originalName: 'my-secret-demo-final-v3.mp3',
        fileSize: 1000,
        mimeType: 'audio/mpeg',
        duration: 60,
        audioKey: `audio/${userId}/${id}.mp3`,
        coverId,
        uploadedAt: options.uploadedAt ?? ago(30),
      });
    return id;
  }

  async function play(trackId: string, ...daysAgo: number[]) {
    for (const days of daysAgo) await db().insert(trackPlays).values({ trackId, duration: 30, completedPercentage: 50, playedAt: ago(days) });
  }

  async function download(trackId: string, ...daysAgo: number[]) {
    for (const days of daysAgo) await db().insert(trackDownloads).values({ trackId, downloadedAt: ago(days) });
  }

  async function clearEvents() {
    await db().delete(trackPlays);
    await db().delete(trackDownloads);
    await db().delete(trackTrends);
  }

  /** Only two tracks with events, played a day and half a day ago (the second ranks first), trends computed. */
  async function twoTrending(): Promise<[string, string]> {
    await clearEvents();
    const earlier = await addTrack();
    const later = await addTrack();
    await play(earlier, 1);
    await play(later, 0.5);
    await rebuildTrends(db());
    return [earlier, later];
  }

  /** The stored trending scores, decayed to `now` (each row holds its score as of its newest event). */
  async function scoresAt(now: Date): Promise<Record<string, number>> {
    const rows = await db().select().from(trackTrends);
    return Object.fromEntries(rows.map((row) => [row.trackId, row.score * 2 ** (-(now.getTime() - row.at.getTime()) / (TRENDING_HALF_LIFE_DAYS * DAY))]));
  }

  // These tests change rows behind the app's back, as another process would: ask afresh each time
  // (the few seconds an answer is kept have a test of their own).
  const get = async (url: string) => {
    t.app.discovery.forgetAnswers();
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const trendingIds = async (limit = 50) =>
    ((await get(`/api/featured-tracks?limit=${limit}`)).json() as { track: { id: string } }[]).map((entry) => entry.track.id);
  const artistIds = async (limit = 50) => ((await get(`/api/featured-artists?limit=${limit}`)).json() as { id: string }[]).map((a) => a.id);
  /** The picks as the server writes them: each change announced on this app's bus. */
  const editorsPicks = () => new EditorsPicks(db(), () => t.app.events.emit('discovery.changed', {}));
  const pickIds = async (limit = 50) =>
    ((await get(`/api/editors-picks?limit=${limit}`)).json() as { track: { id: string } }[]).map((entry) => entry.track.id);

  it('ranks trending songs by decayed plays and downloads: recent beats old, a download weighs three plays, the window is 14 days', async () => {
    await clearEvents();
    const recentPlay = await addTrack({ name: 'recent play' });
    const oldPlays = await addTrack({ name: 'three plays a week ago' });
    const oneDownload = await addTrack({ name: 'one download yesterday' });
    const twoPlays = await addTrack({ name: 'two plays yesterday' });
    const outsideWindow = await addTrack({ name: '100 plays 15 days ago' });
    const neverPlayed = await addTrack({ name: 'never played' });
    await play(recentPlay, 0.05);
    await play(oldPlays, 7, 7, 7);
    await download(oneDownload, 1);
    await play(twoPlays, 1, 1);
    await play(outsideWindow, ...Array.from({ length: 100 }, () => 15));
    // Downloads outside the window do not count either.
    await download(outsideWindow, 14.5, 20);

    await rebuildTrends(db());
    const ids = await trendingIds();
    expect(ids).toEqual([oneDownload, twoPlays, recentPlay, oldPlays]);
    expect(ids).not.toContain(outsideWindow);
    expect(ids).not.toContain(neverPlayed);

    // The stored scores are the formula's (discovery.rules.ts), computed by the database.
    const now = new Date();
    const stored = await scoresAt(now);
    expect(Object.keys(stored).sort()).toEqual([recentPlay, oldPlays, oneDownload, twoPlays].sort());
    const expected: Record<string, number> = {
      [recentPlay]: trendingScore([{ kind: 'play', at: ago(0.05) }], now),
      [oldPlays]: trendingScore([7, 7, 7].map((d) => ({ kind: 'play' as const, at: ago(d) })), now),
      [oneDownload]: trendingScore([{ kind: 'download', at: ago(1) }], now),
      [twoPlays]: trendingScore([1, 1].map((d) => ({ kind: 'play' as const, at: ago(d) })), now),
    };
    for (const [id, score] of Object.entries(stored)) expect(score).toBeCloseTo(expected[id]!, 3);
  });

  it('breaks ties by the newer upload, then by id', async () => {
    await clearEvents();
    const at = ago(2);
    const older = await addTrack({ name: 'older upload', uploadedAt: ago(40) });
    const newer = await addTrack({ name: 'newer upload', uploadedAt: ago(10) });
    const sameTime = ago(20);
    const lowId = await addTrack({ id: `00000000-0000-4000-8000-${randomUUID().slice(-12)}`, uploadedAt: sameTime });
    const highId = await addTrack({ id: `ffffffff-0000-4000-8000-${randomUUID().slice(-12)}`, uploadedAt: sameTime });
    for (const id of [older, newer, lowId, highId]) {
      await db().insert(trackPlays).values({ trackId: id, duration: 30, completedPercentage: 50, playedAt: at });
    }
    await rebuildTrends(db());
    expect(await trendingIds()).toEqual([newer, highId, lowId, older]);
  });

  it('drops a deleted track from trending at once, without waiting for the next computation', async () => {
    const [kept, deleted] = await twoTrending();
    expect(await trendingIds()).toEqual([deleted, kept]);
    await db().delete(tracks).where(eq(tracks.id, deleted));
    expect(await trendingIds()).toEqual([kept]);
  });

  it('answers 12 by default, the limit asked, and never more than 50 ranked', async () => {
    await clearEvents();
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) ids.push(await addTrack({ uploadedAt: ago(60 - i) }));
    for (const [i, id] of ids.entries()) await play(id, 0.01 * (i + 1));
    await rebuildTrends(db());
    const defaults = await trendingIds(12);
    expect((await get('/api/featured-tracks')).json()).toHaveLength(12);
    expect(defaults).toEqual(ids.slice(0, 12));
    expect(await trendingIds(3)).toEqual(ids.slice(0, 3));
    expect(await trendingIds(50)).toEqual(ids.slice(0, 50));
    expect(Object.keys(await scoresAt(new Date()))).toHaveLength(55);
  });

  it("counts a fan's play or download into Currently Trending at once, no job needed, with the formula's score", async () => {
    await clearEvents();
    const earlier = await addTrack({ name: 'played twice two days ago' });
    const fresh = await addTrack({ name: 'played just now' });
    await play(earlier, 2, 2);
    await rebuildTrends(db());
    expect(await trendingIds()).toEqual([earlier]);
    const listen = (trackId: string, address: string) =>
      t.app.inject({ method: 'POST', url: `/api/tracks/${trackId}/stream`, payload: { duration: 5.2, completedPercentage: 17, streamType: 'play' }, remoteAddress: address });

    // 2 x 2^(-2/3) = 1.26 for `earlier`; one play now is 1, two are 2.
    expect((await listen(fresh, '203.0.113.7')).json()).toMatchObject({ counted: true });
    expect(await trendingIds()).toEqual([earlier, fresh]);
    expect((await listen(fresh, '203.0.113.8')).json()).toMatchObject({ counted: true });
    expect(await trendingIds()).toEqual([fresh, earlier]);
    // The same listener again within 10 minutes is not counted, so it moves nothing.
    expect((await listen(fresh, '203.0.113.8')).json()).toMatchObject({ counted: false });
    // A play now of `earlier` puts it back on top (1.26 + 1 > 2).
    expect((await listen(earlier, '203.0.113.9')).json()).toMatchObject({ counted: true });
    expect(await trendingIds()).toEqual([earlier, fresh]);
    const now = new Date();
    const stored = await scoresAt(now);
    const events = await db().select().from(trackPlays);
    const downloads = await db().select().from(trackDownloads);
    for (const id of [earlier, fresh]) {
      const expected = trendingScore(
        [
          ...events.filter((e) => e.trackId === id).map((e) => ({ kind: 'play' as const, at: e.playedAt })),
          ...downloads.filter((e) => e.trackId === id).map((e) => ({ kind: 'download' as const, at: e.downloadedAt })),
        ],
        now,
      );
      expect(stored[id]).toBeCloseTo(expected, 6);
    }
  });

  it('takes events out of the scores exactly as they leave the 14-day window', async () => {
    await clearEvents();
    const leaving = await addTrack({ name: 'only an old play' });
    const mixed = await addTrack({ name: 'old and recent events' });
    await play(leaving, 13.9);
    await play(mixed, 13.95, 1);
    await download(mixed, 13.98);
    await rebuildTrends(db());
    expect(Object.keys(await scoresAt(new Date())).sort()).toEqual([leaving, mixed].sort());

    // Five hours on, the three oldest events have left the window.
    const later = new Date(Date.now() + 0.2 * DAY);
    expect(await expireTrends(db(), later)).toBe(2);
    const stored = await scoresAt(later);
    expect(Object.keys(stored)).toEqual([mixed]);
    const recent = (await db().select().from(trackPlays).where(eq(trackPlays.trackId, mixed))).map((e) => e.playedAt).filter((at) => at > ago(2));
    expect(recent).toHaveLength(1);
    expect(stored[mixed]).toBeCloseTo(trendingScore([{ kind: 'play', at: recent[0]! }], later), 6);
    // Nothing more leaves until time moves on.
    expect(await expireTrends(db(), later)).toBe(0);
  });

  it('lists new releases newest first, with no plays needed: an album once (not its songs), tracks not on an album', async () => {
    const newest = async (limit = 50) => ((await get(`/api/new-releases?limit=${limit}`)).json() as unknown[]).map((entry) => newReleaseSchema.parse(entry));
    const single = await addTrack({ name: 'a single', uploadedAt: ago(-0.001) });
    const albumId = randomUUID();
    await db().insert(albums).values({ id: albumId, userId: artist.id, albumName: 'Siku Moja', price: 100_000, createdAt: ago(-0.002) });
    const song = await addTrack({ name: 'on the album', uploadedAt: ago(-0.003) });
    await db().update(tracks).set({ albumId, albumPosition: 1 }).where(eq(tracks.id, song));
    // An album whose songs all went is no release.
    await db().insert(albums).values({ userId: artist.id, albumName: 'Empty', createdAt: ago(-0.004) });

    const releases = await newest();
    expect(releases.slice(0, 2)).toMatchObject([
      { type: 'album', album: { id: albumId, albumName: 'Siku Moja', artistName: artist.displayName, price: 100_000, purchasable: false } },
      { type: 'track', track: { id: single, trackName: 'a single' } },
    ]);
    const listed = releases.map((release) => (release.type === 'track' ? release.track.id : release.album.id));
    expect(listed).not.toContain(song);
    expect(new Set(listed).size).toBe(listed.length);
    expect(await newest(1)).toHaveLength(1);
    const text = (await get('/api/new-releases')).body;
    expect(text).not.toMatch(/originalName|my-secret-demo|audioKey|@example\.com/);
    expect((await get('/api/new-releases')).json()).toHaveLength(12);
  });

  it('ranks popular artists by counted plays (and downloads, x3) of the last 30 days; artists at zero are not listed', async () => {
    await clearEvents();
    const busy = await createArtist(t.app);
    const downloaded = await createArtist(t.app);
    const oldFame = await createArtist(t.app);
    const silent = await createArtist(t.app);
    const busyTracks = [await addTrack({ owner: busy.id }), await addTrack({ owner: busy.id })];
    await play(busyTracks[0]!, 1, 2, 29);
    await play(busyTracks[1]!, 10, 20);
    await download(await addTrack({ owner: downloaded.id }), 5); // 3
    const oldTrack = await addTrack({ owner: oldFame.id });
    await play(oldTrack, ...Array.from({ length: 50 }, () => 31)); // outside the window
    await play(oldTrack, 25, 26); // 2
    await addTrack({ owner: silent.id });

    await t.app.discovery.recompute();
    expect(await artistIds()).toEqual([busy.id, downloaded.id, oldFame.id]);
    expect(await artistIds(2)).toEqual([busy.id, downloaded.id]);
    expect((await get('/api/featured-artists')).json()).toHaveLength(3);

    // An account deleted after the computation is gone at once.
    await db().delete(users).where(eq(users.id, downloaded.id));
    expect(await artistIds()).toEqual([busy.id, oldFame.id]);
  });

  it('shows only public fields, matching the shared response schemas', async () => {
    await clearEvents();
    const photoArtist = await createArtist(t.app);
    await db().update(users).set({ profilePhotoKey: `profile-photos/${photoArtist.id}/abc.jpg` }).where(eq(users.id, photoArtist.id));
    const track = await addTrack({ owner: photoArtist.id, withCover: true });
    await play(track, 0.1);
    await rebuildTrends(db());
    await t.app.discovery.recompute();
    await editorsPicks().add(track);

    for (const url of ['/api/featured-tracks', '/api/featured-artists', '/api/editors-picks']) {
      const response = await get(url);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const text = response.body;
      expect(text).not.toContain('@example.com');
      expect(text).not.toContain('my-secret-demo');
      expect(text).not.toMatch(/audio\/[0-9a-f-]{36}/);
      expect(text).not.toContain('profile-photos/');
      expect(text).not.toMatch(/originalName|streamReady|email|passwordHash|audioKey|storageKey/);
    }
    const [entry] = (await get('/api/featured-tracks')).json();
    expect(featuredTrackEntrySchema.strict().safeParse({ track: entry.track }).success).toBe(true);
    expect(Object.keys(entry.track).sort()).toEqual(Object.keys(featuredTrackEntrySchema.shape.track.shape).sort());
    expect(entry.track.coverPhotoFilename).toMatch(/\.png$/);
    const [artistEntry] = (await get('/api/featured-artists')).json();
    expect(featuredArtistSchema.strict().safeParse(artistEntry).success).toBe(true);
    expect(artistEntry).toMatchObject({ id: photoArtist.id, hasProfilePhoto: true, profilePhotoFilename: 'abc.jpg' });
    expect(artistEntry.profileUrl).toMatch(/^\/profile\//);
    await editorsPicks().remove(track);
  });

  it("lists editor's picks by position; positions close up on removal; a deleted track leaves at once", async () => {
    const picks = editorsPicks();
    const a = await addTrack({ name: 'A' });
    const b = await addTrack({ name: 'B' });
    const c = await addTrack({ name: 'C' });
    const d = await addTrack({ name: 'D' });
    await picks.add(a);
    await picks.add(b);
    await picks.add(c, 1);
    await picks.add(d, 99); // beyond the end: last
    expect(await pickIds()).toEqual([c, a, b, d]);
    expect((await picks.list()).map((pick) => pick.position)).toEqual([1, 2, 3, 4]);
    expect(await pickIds(2)).toEqual([c, a]);

    await picks.remove(a);
    expect((await picks.list()).map((pick) => [pick.trackId, pick.position])).toEqual([
      [c, 1],
      [b, 2],
      [d, 3],
    ]);
    await db().delete(tracks).where(eq(tracks.id, c));
    expect(await pickIds()).toEqual([b, d]);
    await picks.add(a, 2);
    expect(await pickIds()).toEqual([b, a, d]);
    for (const id of [a, b, d]) await picks.remove(id);
    expect(await pickIds()).toEqual([]);
    expect(await db().select().from(editorPicks)).toEqual([]);
  });

  it('keeps an answer for a few seconds, and forgets it at once on a change made through this process', async () => {
    const [kept, gone] = await twoTrending();
    const ids = async () => ((await t.app.inject({ method: 'GET', url: '/api/featured-tracks' })).json() as { track: { id: string } }[]).map((e) => e.track.id);
    expect(await ids()).toEqual([gone, kept]);
    // Deleted by another process: this one still answers from memory for a few seconds.
    await db().delete(tracks).where(eq(tracks.id, gone));
    expect(await ids()).toEqual([gone, kept]);
    // A change this process makes (or hears of) is shown at once.
    t.app.events.emit('track.changed', { trackId: gone, userId: 'someone' });
    expect(await ids()).toEqual([kept]);
  });

  it('refuses unknown, malformed and duplicate picks with messages', async () => {
    const picks = editorsPicks();
    const track = await addTrack({ name: 'Twice' });
    await picks.add(track);
    await expect(picks.add(track)).rejects.toThrow(/"Twice" by Some Artist is already an editor's pick \(position 1\)/);
    await expect(picks.add(randomUUID())).rejects.toThrow(/No track has the id/);
    await expect(picks.add('not-an-id')).rejects.toThrow(PicksError);
    await expect(picks.add(track.replace(/.$/, '0'), 0)).rejects.toThrow(/--position must be a whole number from 1/);
    await expect(picks.remove(randomUUID())).rejects.toThrow(/is not an editor's pick/);
    await picks.remove(track);
  });

  it('computes popular artists and expires old trending events in the scheduled job', async () => {
    await clearEvents();
    const fresh = await addTrack();
    await play(fresh, 0.2);
    await rebuildTrends(db());
    // The watermark as if the last expiry ran a day ago: the job takes out what left since.
    await db().update(trendingExpiry).set({ expiredTo: ago(15) });
    await t.app.jobs.offerScheduled();
    expect(await t.app.jobs.drain([DISCOVERY_RANK_JOB])).toBeGreaterThanOrEqual(1);
    expect(await trendingIds()).toEqual([fresh]);
    expect((await db().select().from(trendingExpiry))[0]!.expiredTo.getTime()).toBeGreaterThan(ago(14.01).getTime());
    expect(await artistIds()).toEqual([artist.id]);
    // The next period's offer of the same job does nothing twice within a period.
    await t.app.jobs.offerScheduled();
    expect(await t.app.jobs.drain([DISCOVERY_RANK_JOB])).toBe(0);
  });
});
