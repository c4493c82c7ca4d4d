import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackDownloads, trackPlays, trackTrends, trendingExpiry, tracks } from '../../db/schema';
import { expireTrends, rebuildTrends } from '../playback';
import { countDownloads } from '../playback/downloads.repo';
import { countPlay } from '../playback/plays.repo';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { DAY_MS, TRENDING_HALF_LIFE_DAYS, TRENDING_WINDOW_DAYS, trendingScore, type RankingEvent } from './discovery.rules';

/**
 * Currently Trending's rule is written twice: trendingScore (discovery.rules.ts) states it, the SQL
 * of playback's trends.repo.ts keeps the scores the list is read from (rebuilt from the events,
 * added to as plays and downloads are counted, expired as events leave the window). trendingScore
 * is the oracle here; the stored scores and the order GET /api/featured-tracks answers, on the
 * real database (PGlite, or PostgreSQL when DATABASE_URL is set), are what is under test.
 *
 * Scores are compared within a relative tolerance, not exactly: the SQL works in float8 through
 * power(), ln() and sums taken in its own order, and each row holds its score as of its newest
 * event (decayed here to the instant compared), so the last bits differ from the TypeScript's
 * doubles by about 1e-15. 1e-9 still tells a millisecond of age apart (with a 3-day half-life
 * it changes a score by 2.7e-9 relative), let alone a wrong weight, window or half-life.
 */
const TOLERANCE = 1e-9;
/**
 * Events counted by the app are stamped by the database's now(), to the microsecond; read back as
 * JavaScript Dates they lose up to 1 ms each, up to 2.7e-9 of their weight.
 */
const COUNTED_TOLERANCE = 1e-8;

const HALF_LIFE_MS = TRENDING_HALF_LIFE_DAYS * DAY_MS;
const WINDOW_MS = TRENDING_WINDOW_DAYS * DAY_MS;

interface TrackCase {
  id: string;
  uploadedAt: Date;
  events: RankingEvent[];
}

/** A fixed-seed generator (mulberry32): the same "random" histories on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Equal within float noise: the rule's ties (the SQL's sums and logarithms may differ in the last bits). */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));

/**
 * The list as the rule orders it: tracks with a score above zero, highest first; ties (equal
 * scores) the newer upload first, then the larger id (discovery.repo.ts's readTrending).
 */
function expectedOrder(cases: TrackCase[], now: Date): string[] {
  return cases
    .map((c) => ({ ...c, score: trendingScore(c.events, now) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => {
      if (!same(a.score, b.score)) return b.score - a.score;
      if (a.uploadedAt.getTime() !== b.uploadedAt.getTime()) return b.uploadedAt.getTime() - a.uploadedAt.getTime();
      return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
    })
    .map((c) => c.id);
}

describe('trending scores in SQL (trends.repo.ts) equal trendingScore (discovery.rules.ts)', () => {
  let t: TestApp;
  let artist: TestArtist;

  beforeAll(async () => {
    t = await startTestApp();
    artist = await createArtist(t.app);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.database.db;

  /** Each test starts from no events, no scores and no expiry mark. */
  async function clear() {
    await db().delete(trackPlays);
    await db().delete(trackDownloads);
    await db().delete(trackTrends);
    await db().delete(trendingExpiry);
  }

  async function addTrack(uploadedAt: Date, id: string = randomUUID()): Promise<string> {
    await db()
      .insert(tracks)
      .values({
        id,
        userId: artist.id,
        trackName: `Song ${id.slice(0, 8)}`,
        artistName: artist.displayName,
        originalName: 'song.mp3',
        fileSize: 1000,
        mimeType: 'audio/mpeg',
        duration: 60,
        audioKey: `audio/${artist.id}/${id}.mp3`,
        uploadedAt,
      });
    return id;
  }

  /** Writes a case's events as the counting leaves them (rows with their timestamps), in the order given. */
  async function writeEvents(c: TrackCase) {
    for (const event of c.events) {
      if (event.kind === 'play') await db().insert(trackPlays).values({ trackId: c.id, duration: 30, completedPercentage: 50, playedAt: event.at });
      else await db().insert(trackDownloads).values({ trackId: c.id, downloadedAt: event.at });
    }
  }

  /** Each stored score decayed to `now` (a row holds its score as of its newest event, `at`, read to the microsecond). */
  async function storedScores(now: Date): Promise<Map<string, number>> {
    const rows = await db().execute<{ track_id: string; score: number; at_ms: number }>(
      sql`SELECT track_id, score, extract(epoch FROM at)::float8 * 1000 AS at_ms FROM ${trackTrends}`,
    );
    return new Map(rows.rows.map((row) => [row.track_id, Number(row.score) * 2 ** (-(now.getTime() - Number(row.at_ms)) / HALF_LIFE_MS)]));
  }

  /** Every track's stored score (none: zero) against the rule's on the same events. */
  async function expectScores(cases: TrackCase[], now: Date, tolerance: number) {
    const stored = await storedScores(now);
    const differing = cases.flatMap((c) => {
      const expected = trendingScore(c.events, now);
      const actual = stored.get(c.id) ?? 0;
      const ok = expected === 0 ? !stored.has(c.id) : Math.abs(actual - expected) <= tolerance * expected;
      return ok ? [] : [{ id: c.id, events: c.events.map((e) => `${e.kind} ${(now.getTime() - e.at.getTime()) / DAY_MS}d`), expected, stored: stored.get(c.id) }];
    });
    expect(differing).toEqual([]);
    // No score for a track that is not one of the cases.
    expect([...stored.keys()].filter((id) => !cases.some((c) => c.id === id))).toEqual([]);
  }

  /** The list as GET /api/featured-tracks answers it (asked afresh, not from the few seconds' cache). */
  async function listed(): Promise<string[]> {
    t.app.discovery.forgetAnswers();
    const response = await t.app.inject({ method: 'GET', url: '/api/featured-tracks?limit=50' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { track: { id: string } }[]).map((entry) => entry.track.id);
  }

  /**
   * Tracks and their histories relative to `now`: the corner cases (ties, the window's edge, only
   * old activity, none at all) and a few seeded random histories of plays and downloads.
   */
  async function catalogue(now: Date, extra: Record<string, RankingEvent[]> = {}): Promise<Record<string, TrackCase>> {
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const play = (...days: number[]): RankingEvent[] => days.map((d) => ({ kind: 'play', at: ago(d) }));
    const download = (...days: number[]): RankingEvent[] => days.map((d) => ({ kind: 'download', at: ago(d) }));
    const at = (ms: number, kind: RankingEvent['kind'] = 'play'): RankingEvent => ({ kind, at: new Date(ms) });
    const upload = ago(30);

    const histories: Record<string, { events: RankingEvent[]; uploadedAt?: Date; id?: string }> = {
      recentPlay: { events: play(0.05) },
      threePlaysAWeekAgo: { events: play(7, 7, 7) },
      oneDownload: { events: download(1) },
      twoPlays: { events: play(1, 1) },
      mixed: { events: [...play(0.2, 2.5, 9), ...download(4, 13)] },
      // Ties: one play each at one instant; the newer upload first, then (same upload) the larger id.
      tieOlderUpload: { events: play(2), uploadedAt: ago(40) },
      tieNewerUpload: { events: play(2), uploadedAt: ago(10) },
      tieLowId: { events: play(2), uploadedAt: ago(20), id: `00000000-0000-4000-8000-${randomUUID().slice(-12)}` },
      tieHighId: { events: play(2), uploadedAt: ago(20), id: `ffffffff-0000-4000-8000-${randomUUID().slice(-12)}` },
      // A tie reached by different histories: two plays one half-life ago weigh one play now.
      tieTwoHalfLifeAgo: { events: play(TRENDING_HALF_LIFE_DAYS, TRENDING_HALF_LIFE_DAYS), uploadedAt: ago(15) },
      tieOneNow: { events: play(0), uploadedAt: ago(16) },
      // The same events written in the opposite order: the same score.
      sameEventsForward: { events: [...play(1, 3.5), ...download(6), ...play(11)], uploadedAt: ago(25) },
      sameEventsBackward: { events: [...play(11), ...download(6), ...play(3.5, 1)], uploadedAt: ago(26) },
      // The window's edge: an event exactly 14 days old no longer counts, one a millisecond younger does.
      edgeOut: { events: [at(now.getTime() - WINDOW_MS), ...play(1.5)] },
      edgeIn: { events: [at(now.getTime() - WINDOW_MS + 1), ...play(1.5)] },
      edgeDownloadOut: { events: [at(now.getTime() - WINDOW_MS, 'download'), ...play(0.5)] },
      onlyAtTheEdge: { events: [at(now.getTime() - WINDOW_MS), at(now.getTime() - WINDOW_MS, 'download')] },
      // Only old activity, and none at all: no score, not listed.
      onlyOld: { events: [...play(...Array.from({ length: 30 }, () => 15)), ...download(14.5, 20, 90)] },
      neverPlayed: { events: [] },
    };
    const random = seeded(39);
    for (let n = 0; n < 6; n++) {
      const events: RankingEvent[] = Array.from({ length: 1 + Math.floor(random() * 40) }, () => ({
        kind: random() < 0.25 ? 'download' : 'play',
        // Whole milliseconds from now to 16 days back: some fall outside the window.
        at: new Date(now.getTime() - Math.floor(random() * 16 * DAY_MS)),
      }));
      histories[`random${n}`] = { events };
    }
    for (const [name, events] of Object.entries(extra)) histories[name] = { events };

    const cases: Record<string, TrackCase> = {};
    for (const [name, history] of Object.entries(histories)) {
      const uploadedAt = history.uploadedAt ?? new Date(upload.getTime() - Object.keys(cases).length * 60_000);
      const id = await addTrack(uploadedAt, history.id);
      cases[name] = { id, uploadedAt, events: history.events };
      await writeEvents(cases[name]);
    }
    return cases;
  }

  it('a rebuild from the events stores each track’s score, and the list follows the rule’s order', async () => {
    await clear();
    const now = new Date();
    const cases = await catalogue(now);
    await rebuildTrends(db(), now);

    await expectScores(Object.values(cases), now, TOLERANCE);
    // The cases themselves say what they are meant to (the oracle is not vacuous).
    const score = (name: string) => trendingScore(cases[name]!.events, now);
    expect(score('tieTwoHalfLifeAgo')).toBe(score('tieOneNow'));
    expect(score('edgeIn') - score('edgeOut')).toBeCloseTo(2 ** -(TRENDING_WINDOW_DAYS / TRENDING_HALF_LIFE_DAYS), 9);
    expect(score('onlyAtTheEdge')).toBe(0);

    expect(await listed()).toEqual(expectedOrder(Object.values(cases), now));
  });

  it('expiring events that left the window keeps the scores and order the rule gives later on', async () => {
    await clear();
    const now = new Date();
    // Events between 12 and 14 days old leave when the job runs two days on; one exactly 12 days
    // old is then exactly at the edge (out), one a millisecond younger stays.
    const later = new Date(now.getTime() + 2 * DAY_MS);
    const extra: Record<string, RankingEvent[]> = {
      leavesEntirely: [{ kind: 'play', at: new Date(now.getTime() - 13 * DAY_MS) }],
      partlyLeaves: [
        { kind: 'download', at: new Date(now.getTime() - 13.5 * DAY_MS) },
        { kind: 'play', at: new Date(now.getTime() - 0.5 * DAY_MS) },
      ],
      laterEdgeOut: [
        { kind: 'play', at: new Date(later.getTime() - WINDOW_MS) },
        { kind: 'play', at: new Date(now.getTime() - DAY_MS) },
      ],
      laterEdgeIn: [
        { kind: 'play', at: new Date(later.getTime() - WINDOW_MS + 1) },
        { kind: 'play', at: new Date(now.getTime() - DAY_MS) },
      ],
    };
    const all = Object.values(await catalogue(now, extra));
    await rebuildTrends(db(), now);
    await expectScores(all, now, TOLERANCE);

    expect(await expireTrends(db(), later)).toBeGreaterThan(0);
    await expectScores(all, later, TOLERANCE);
    // The list is read at the database's now(); every remaining row's newest event is recent, and
    // the rule's order does not change as time passes except by events leaving.
    expect(await listed()).toEqual(expectedOrder(all, later));
  });

  /**
   * Found by this test (issue 37, item 3), pinned to both answers so a fix of either side shows
   * here. trendingScore counts an event after `now` (a clock a little ahead) as happening now; the
   * rebuild reads only the events up to its `now` (eventsBetween's upper bound), so a play the
   * database stamped a moment after the app's clock is left out of the rebuilt score (and
   * expireTrends, which takes out every event of (expired_to, cutoff], would 14 days later take its
   * weight out of a score that never held it, if the track had newer events). Not changed here: the bound
   * also keeps the rebuild's rows as of its own instant, next to counting transactions that run
   * at the same time.
   */
  it('KNOWN DIFFERENCE: a rebuild leaves out an event after its `now`, which the rule counts as now', async () => {
    await clear();
    const now = new Date();
    const c: TrackCase = {
      id: await addTrack(new Date(now.getTime() - 30 * DAY_MS)),
      uploadedAt: new Date(now.getTime() - 30 * DAY_MS),
      events: [
        { kind: 'play', at: new Date(now.getTime() + 5_000) },
        { kind: 'play', at: new Date(now.getTime() - DAY_MS) },
      ],
    };
    await writeEvents(c);
    await rebuildTrends(db(), now);
    const oneDayOld = 2 ** (-1 / TRENDING_HALF_LIFE_DAYS);
    expect(trendingScore(c.events, now)).toBeCloseTo(1 + oneDayOld, 12);
    expect((await storedScores(now)).get(c.id)).toBeCloseTo(oneDayOld, 12);
  });

  it('plays and downloads counted by the app add to the scores as the rule adds them', async () => {
    await clear();
    const start = new Date();
    const ago = (days: number) => new Date(start.getTime() - days * DAY_MS);
    const cases: TrackCase[] = [];
    const histories: RankingEvent[][] = [
      [],
      [{ kind: 'play', at: ago(2) }],
      [
        { kind: 'download', at: ago(5) },
        { kind: 'play', at: ago(13.9) },
      ],
      [{ kind: 'play', at: ago(20) }],
    ];
    for (const [n, events] of histories.entries()) {
      const c = { id: await addTrack(ago(30 + n)), uploadedAt: ago(30 + n), events };
      await writeEvents(c);
      cases.push(c);
    }
    await rebuildTrends(db(), start);

    // Counted through the production paths: a play (throttled per listener) and downloads (one album).
    const [a, b, c, d] = cases.map((x) => x.id) as [string, string, string, string];
    for (const [trackId, listener] of [
      [a, 'listener-1'],
      [b, 'listener-1'],
      [b, 'listener-2'],
      [d, 'listener-1'],
      [c, 'listener-3'],
    ] as const) {
      expect((await countPlay(db(), trackId, listener, { duration: 30, completedPercentage: 80 }))?.counted).toBe(true);
    }
    expect(await countDownloads(db(), [c, a], null)).toHaveLength(2);
    expect(await countDownloads(db(), [d], null)).toHaveLength(1);

    // The rule on every event the tables now hold, at an instant after the last one.
    const plays = await db().select({ trackId: trackPlays.trackId, at: trackPlays.playedAt }).from(trackPlays);
    const downloads = await db().select({ trackId: trackDownloads.trackId, at: trackDownloads.downloadedAt }).from(trackDownloads);
    const now = new Date(Date.now() + 1);
    const counted = cases.map((x) => ({
      ...x,
      events: [
        ...plays.filter((p) => p.trackId === x.id).map((p): RankingEvent => ({ kind: 'play', at: p.at })),
        ...downloads.filter((p) => p.trackId === x.id).map((p): RankingEvent => ({ kind: 'download', at: p.at })),
      ],
    }));
    expect(counted.map((x) => x.events.length)).toEqual([2, 3, 4, 3]);
    await expectScores(counted, now, COUNTED_TOLERANCE);
    expect(await listed()).toEqual(expectedOrder(counted, now));
  });
});
