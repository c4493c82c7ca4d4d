import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MESSAGES, analyticsSchema, dailyAnalyticsSchema } from '#common/schemas/analytics';
import { covers, profileDailyViews, profileViews, trackDailyStats, trackDownloads, trackPlays, tracks } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { startTestApp } from '../../../test/support/test-app';
import { storageUsed } from '../catalog';
import { rebuildDailyStats } from './rollup';
import { AnalyticsService } from './analytics.service';
import { utcDate } from './analytics.rules';
import type { SalesFigures } from './sales-figures';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number, hour = 12) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour) - n * DAY_MS);
};

describe('the analytics API', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const get = (url: string, artist?: TestArtist) => app.inject({ method: 'GET', url, headers: artist ? { cookie: artist.cookie } : {} });
  const db = () => app.database.db;

  async function addTrack(artist: TestArtist, trackName: string, fileSize: number, counts: { streams?: number; downloads?: number; stored?: boolean } = {}) {
    const audioKey = `audio/${artist.id}/${randomUUID()}.mp3`;
    const [row] = await db()
      .insert(tracks)
      .values({
        userId: artist.id,
        trackName,
        artistName: artist.displayName,
        originalName: `${trackName}.mp3`,
        fileSize,
        mimeType: 'audio/mpeg',
        duration: 180,
        audioKey,
        streamCount: counts.streams ?? 0,
        downloadCount: counts.downloads ?? 0,
      })
      .returning({ id: tracks.id });
    // Stored if asked, so that the real download route can send (and count) it.
    if (counts.stored) await app.storage.putBuffer(audioKey, Buffer.alloc(fileSize, 1), 'audio/mpeg');
    return row!.id;
  }

  const dailyRowsOf = (trackId: string) => db().select().from(trackDailyStats).where(eq(trackDailyStats.trackId, trackId));
  const viewDaysOf = (userId: string) => db().select().from(profileDailyViews).where(eq(profileDailyViews.userId, userId));

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    close = () => started.close();
  });
  afterAll(async () => close?.());

  it('refuses anonymous visitors (401)', async () => {
    expect((await get('/api/analytics')).statusCode).toBe(401);
    expect((await get('/api/analytics/daily')).statusCode).toBe(401);
  });

  it('answers zeros for a new artist, and an empty zero-filled period', async () => {
    const artist = await createArtist(app);
    const summary = await get('/api/analytics', artist);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['cache-control']).toBe('no-store');
    expect(summary.json()).toEqual({ totalTracks: 0, totalDownloads: 0, totalStreams: 0, profileViews: 0, totalRevenue: 0, storageUsed: 0, followers: 0 });
    const daily = await get('/api/analytics/daily', artist);
    expect(daily.statusCode).toBe(200);
    const body = dailyAnalyticsSchema.parse(daily.json());
    expect(body.days).toHaveLength(ANALYTICS_DEFAULT_DAYS);
    expect(body.to).toBe(today());
    expect(body.days.every((day) => day.plays + day.downloads + day.views + day.sales + day.revenue === 0)).toBe(true);
    expect(body.tracks).toEqual([]);
  });

  it("counts the artist's own tracks, plays, downloads, views and stored bytes, and no one else's", async () => {
    const [artist, other] = [await createArtist(app), await createArtist(app)];
    const hit = await addTrack(artist, 'Hit', 5_000_000, { streams: 40, downloads: 6 });
    const quiet = await addTrack(artist, 'Quiet', 3_000_000, { streams: 2, downloads: 1 });
    const foreign = await addTrack(other, 'Theirs', 7_000_000, { streams: 99, downloads: 9 });
    await db().insert(covers).values({
      id: randomUUID(),
      userId: artist.id,
      originalKey: `covers/${artist.id}/${randomUUID()}/original.png`,
      mimeType: 'image/png',
      byteSize: 250_000,
    });

    // Plays: 3 today, 2 yesterday and one 40 days ago on Hit, 1 five days ago on Quiet; others' plays.
    const plays = [
      ...[0, 0, 0, 1, 1, 40].map((n) => ({ trackId: hit, at: daysAgo(n) })),
      { trackId: quiet, at: daysAgo(5) },
      { trackId: foreign, at: daysAgo(0) },
    ];
    await db().insert(trackPlays).values(plays.map((p) => ({ trackId: p.trackId, duration: 30, completedPercentage: 20, playedAt: p.at })));
    await db().insert(trackDownloads).values([
      { trackId: hit, downloadedAt: daysAgo(1) },
      { trackId: quiet, downloadedAt: daysAgo(1) },
      { trackId: quiet, downloadedAt: daysAgo(31) },
      { trackId: foreign, downloadedAt: daysAgo(1) },
    ]);
    await db().insert(profileViews).values([
      { userId: artist.id, viewedAt: daysAgo(2) },
      { userId: artist.id, viewedAt: daysAgo(2, 23) },
      { userId: artist.id, viewedAt: daysAgo(60) },
      { userId: other.id, viewedAt: daysAgo(2) },
    ]);
    // Events inserted directly, as the seed command does: the daily figures read the rollups.
    await rebuildDailyStats(db());

    const summary = analyticsSchema.parse((await get('/api/analytics', artist)).json());
    expect(summary).toEqual({
      totalTracks: 2,
      totalDownloads: 7,
      totalStreams: 42,
      profileViews: 3,
      totalRevenue: 0,
      storageUsed: 5_000_000 + 3_000_000 + 250_000,
      followers: 0,
    });

    const daily = dailyAnalyticsSchema.parse((await get('/api/analytics/daily?days=30', artist)).json());
    const byDate = new Map(daily.days.map((day) => [day.date, day]));
    const date = (n: number) => daysAgo(n).toISOString().slice(0, 10);
    expect(byDate.get(date(0))).toMatchObject({ plays: 3, downloads: 0, views: 0 });
    expect(byDate.get(date(1))).toMatchObject({ plays: 2, downloads: 2, views: 0 });
    expect(byDate.get(date(2))).toMatchObject({ plays: 0, downloads: 0, views: 2 });
    expect(byDate.get(date(5))).toMatchObject({ plays: 1 });
    expect(daily.totals).toEqual({ plays: 6, downloads: 2, views: 2, sales: 0, revenue: 0 });
    expect(daily.tracks).toEqual([
      { trackId: hit, trackName: 'Hit', plays: 5, downloads: 1 },
      { trackId: quiet, trackName: 'Quiet', plays: 1, downloads: 1 },
    ]);

    // A week: only the last 7 UTC days.
    const week = dailyAnalyticsSchema.parse((await get('/api/analytics/daily?days=7', artist)).json());
    expect(week.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => date(6 - i)));
    expect(week.totals.plays).toBe(6);
    // Ninety days take in the older play, download and view.
    const quarter = dailyAnalyticsSchema.parse((await get('/api/analytics/daily?days=90', artist)).json());
    expect(quarter.totals).toMatchObject({ plays: 7, downloads: 3, views: 3 });
  });

  it("adds a play, a download and a profile view counted by the real routes to their UTC day's rollup row", async () => {
    const [artist, fan] = [await createArtist(app), await createArtist(app)];
    const track = await addTrack(artist, 'Leo', 1_000, { stored: true });
    const play = (cookie?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/tracks/${track}/stream`,
        payload: { duration: 30, completedPercentage: 20, streamType: 'play' },
        headers: cookie ? { cookie } : {},
      });
    expect((await play()).json()).toMatchObject({ counted: true, streamCount: 1 });
    // The same listener within 10 minutes is not counted again, nor is its day.
    expect((await play()).json()).toMatchObject({ counted: false, streamCount: 1 });
    expect((await play(fan.cookie)).json()).toMatchObject({ counted: true, streamCount: 2 });
    expect((await app.inject({ method: 'GET', url: `/api/tracks/${track}/download` })).statusCode).toBe(200);
    expect((await get(`/api/profile/${artist.id}`)).statusCode).toBe(200);
    await app.publicPages.viewsCounted();

    // The rollup's day is the UTC date of the event's own row (today, unless midnight passed meanwhile).
    const [played] = await db().select({ at: trackPlays.playedAt }).from(trackPlays).where(eq(trackPlays.trackId, track));
    const [downloaded] = await db().select({ at: trackDownloads.downloadedAt }).from(trackDownloads).where(eq(trackDownloads.trackId, track));
    const [viewed] = await db().select({ at: profileViews.viewedAt }).from(profileViews).where(eq(profileViews.userId, artist.id));
    const day = utcDate(played!.at);
    expect([today(), utcDate(daysAgo(1))]).toContain(day);
    expect(utcDate(downloaded!.at)).toBe(day);
    expect(utcDate(viewed!.at)).toBe(day);
    const live = { track: await dailyRowsOf(track), views: await viewDaysOf(artist.id) };
    expect(live.track).toEqual([{ trackId: track, userId: artist.id, day, plays: 2, downloads: 1 }]);
    expect(live.views).toEqual([{ userId: artist.id, day, views: 1 }]);

    const daily = dailyAnalyticsSchema.parse((await get('/api/analytics/daily?days=2', artist)).json());
    expect(daily.days.find((entry) => entry.date === day)).toMatchObject({ plays: 2, downloads: 1, views: 1 });
    expect(daily.totals).toMatchObject({ plays: 2, downloads: 1, views: 1 });
    expect(daily.tracks).toEqual([{ trackId: track, trackName: 'Leo', plays: 2, downloads: 1 }]);
    expect(analyticsSchema.parse((await get('/api/analytics', artist)).json())).toMatchObject({ totalStreams: 2, totalDownloads: 1, profileViews: 1 });

    // The owner's own download and view are not a fan's: no row moves.
    expect((await get(`/api/tracks/${track}/download`, artist)).statusCode).toBe(200);
    expect((await get(`/api/profile/${artist.id}`, artist)).statusCode).toBe(200);
    await app.publicPages.viewsCounted();
    expect(await dailyRowsOf(track)).toEqual(live.track);
    expect(await viewDaysOf(artist.id)).toEqual(live.views);

    // Recomputing from the events gives exactly what the writers kept.
    await rebuildDailyStats(db());
    expect(await dailyRowsOf(track)).toEqual(live.track);
    expect(await viewDaysOf(artist.id)).toEqual(live.views);
  });

  it('puts an event at 23:59:59.999Z and one at 00:00:00Z on different UTC days', async () => {
    const artist = await createArtist(app);
    const track = await addTrack(artist, 'Usiku wa Manane', 1_000);
    const midnight = daysAgo(0, 0);
    const justBefore = new Date(midnight.getTime() - 1);
    const [yesterday, todayDate] = [utcDate(justBefore), utcDate(midnight)];
    await db()
      .insert(trackPlays)
      .values([justBefore, midnight, midnight].map((playedAt) => ({ trackId: track, duration: 30, completedPercentage: 50, playedAt })));
    await db().insert(trackDownloads).values({ trackId: track, downloadedAt: new Date(midnight.getTime() - 1000) });
    await db()
      .insert(profileViews)
      .values([{ userId: artist.id, viewedAt: justBefore }, { userId: artist.id, viewedAt: midnight }]);
    await rebuildDailyStats(db());

    const rows = (await dailyRowsOf(track)).sort((a, b) => a.day.localeCompare(b.day));
    expect(rows).toEqual([
      { trackId: track, userId: artist.id, day: yesterday, plays: 1, downloads: 1 },
      { trackId: track, userId: artist.id, day: todayDate, plays: 2, downloads: 0 },
    ]);
    expect((await viewDaysOf(artist.id)).sort((a, b) => a.day.localeCompare(b.day)).map((row) => [row.day, row.views])).toEqual([
      [yesterday, 1],
      [todayDate, 1],
    ]);
    const daily = dailyAnalyticsSchema.parse((await get('/api/analytics/daily?days=2', artist)).json());
    if (daily.to === todayDate) {
      expect(daily.days).toEqual([
        { date: yesterday, plays: 1, downloads: 1, views: 1, sales: 0, revenue: 0 },
        { date: todayDate, plays: 2, downloads: 0, views: 1, sales: 0, revenue: 0 },
      ]);
    }
    // One day: today's only.
    const one = dailyAnalyticsSchema.parse((await get('/api/analytics/daily?days=1', artist)).json());
    if (one.to === todayDate) expect(one.tracks).toEqual([{ trackId: track, trackName: 'Usiku wa Manane', plays: 2, downloads: 0 }]);
  });

  it('refuses a period that is not 1 to 90 whole days (400)', async () => {
    const artist = await createArtist(app);
    for (const days of ['0', '91', '-3', '2.5', 'month', '1e9']) {
      const response = await get(`/api/analytics/daily?days=${days}`, artist);
      expect(response.statusCode, days).toBe(400);
      expect(response.json().message).toBe(ANALYTICS_MESSAGES.daysInvalid);
    }
  });

  it('takes revenue from the sales source once payments provide one', async () => {
    const artist = await createArtist(app);
    const sales: SalesFigures = {
      totalRevenue: async (userId) => (userId === artist.id ? 90_000 : 0),
      dailySales: async (userId) => (userId === artist.id ? [{ date: today(), sales: 2, revenue: 90_000 }] : []),
    };
    const service = new AnalyticsService({ db, storageUsed, sales: () => sales, followers: async () => 0 });
    expect((await service.summary(artist.id)).totalRevenue).toBe(90_000);
    const daily = await service.daily(artist.id, 30);
    expect(daily.days.at(-1)).toMatchObject({ date: today(), sales: 2, revenue: 90_000 });
    expect(daily.totals).toMatchObject({ sales: 2, revenue: 90_000 });
  });
});
