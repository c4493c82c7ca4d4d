/**
 * The landing page's lists against the JSON API budget (DESIGN.md), on a large catalogue:
 * GET /api/featured-tracks?limit=12, /api/featured-artists?limit=10 and /api/editors-picks?limit=12
 * over 16 keep-alive connections, each against a minimal Fastify server answering the same bytes
 * from memory; alternating rounds. Targets: requests/s >= 0.25x the minimal server's, p99 <= 50 ms.
 * Also times, at that size, the scheduled job (trending's window expiry and popular artists), the
 * rebuild of every trending score, and what keeping trending current adds to each counted play.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (default: the local server) names where a fresh database is made and filled by
 * `npm run seed` (BENCH_DISCOVERY_ARTISTS / BENCH_DISCOVERY_TRACKS, default 10,000 / 100,000,
 * 10 plays per track), then dropped. BENCH_DISCOVERY_DATABASE_URL names an already seeded one instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { DiscoveryService } from '../server/src/modules/discovery';
import { rebuildTrends } from '../server/src/modules/playback';
import { trendPlay } from '../server/src/modules/playback/trends.repo';
import { atFinish, loadAverage, SERVER_CPU } from './support/processes';
import { BENCH_SERVER_URL, createDatabase, seedCatalogue } from './support/database';
import { startServer } from './support/server';
import { againstMinimalJson, fixed, jsonYardstick, median, wrkRow } from './support/wrk';
import { report } from './lib';

const SERVER_PORT = 5150;
const MINIMAL_PORT = 5151;
const YARDSTICK = jsonYardstick(MINIMAL_PORT);
const ARTISTS = Number(process.env.BENCH_DISCOVERY_ARTISTS ?? 10_000);
const TRACKS = Number(process.env.BENCH_DISCOVERY_TRACKS ?? 100_000);
const RANKING_RUNS = 3;

const ENDPOINTS = ['/api/featured-tracks?limit=12', '/api/featured-artists?limit=10', '/api/editors-picks?limit=12'];

/** A seeded database: the one named, or a fresh one filled by `npm run seed` and dropped at the end. */
async function seededDatabase(): Promise<string> {
  if (process.env.BENCH_DISCOVERY_DATABASE_URL) {
    console.log('(using the seeded database of BENCH_DISCOVERY_DATABASE_URL)');
    return process.env.BENCH_DISCOVERY_DATABASE_URL;
  }
  const database = await createDatabase(BENCH_SERVER_URL, 'sauti_bench_discovery_');
  atFinish(() => database.drop());
  seedCatalogue(database.url, ['--artists', String(ARTISTS), '--tracks', String(TRACKS)]);
  return database.url;
}

/** The ranking job's work (both lists computed and replaced), timed in this process against the seeded database. */
async function timeRanking(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-rank-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const service = new DiscoveryService(() => database.db);
    const runs = [];
    for (let i = 0; i < RANKING_RUNS; i++) runs.push(await service.recompute());
    const rebuildStarted = performance.now();
    await rebuildTrends(database.db);
    const rebuildMs = performance.now() - rebuildStarted;
    // What a counted play's transaction pays for trending: the same transaction (the track's
    // running count) with and without the score's upsert, on random tracks, alternating.
    const ids = (await database.pool.query<{ id: string }>('SELECT id FROM tracks ORDER BY random() LIMIT 2000')).rows.map((r) => r.id);
    const plain: number[] = [];
    const withTrend: number[] = [];
    for (const [i, id] of ids.entries()) {
      const started = performance.now();
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE tracks SET stream_count = stream_count WHERE id = ${id}`);
        if (i % 2 === 1) await trendPlay(tx, id);
      });
      (i % 2 === 1 ? withTrend : plain).push(performance.now() - started);
    }
    await rebuildTrends(database.db); // the bench's plays were not real: scores from the events again
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;
    const perEvent = { plainMs: mean(plain), trendMs: mean(withTrend), trendP99Ms: p99(withTrend), plainP99Ms: p99(plain) };
    const counts = await database.pool.query<{ plays: number; downloads: number; tracks: number }>(
      `SELECT (SELECT count(*) FROM track_plays) AS plays, (SELECT count(*) FROM track_downloads) AS downloads, (SELECT count(*) FROM tracks) AS tracks`,
    );
    return { ms: runs.map((run) => run.ms), rebuildMs, perEvent, ...counts.rows[0]! };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const databaseUrl = await seededDatabase();
  const ranking = await timeRanking(databaseUrl);
  const server = await startServer(SERVER_PORT, { DATABASE_URL: databaseUrl });
  atFinish(() => server.stop());
  const rows: Record<string, unknown>[] = [];
  const notes: string[] = [
    `catalogue: ${ranking.tracks.toLocaleString('en')} tracks, ${ranking.plays.toLocaleString('en')} plays and ${ranking.downloads.toLocaleString('en')} downloads over 30 days (PostgreSQL, not pinned; Sauti on core ${SERVER_CPU})`,
    `scheduled job (trending window expiry + popular artists computed and replaced): ${ranking.ms.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`,
    `every trending score rebuilt from the 14-day window: ${ranking.rebuildMs.toFixed(0)} ms`,
    `a counted play's transaction without / with its trending upsert (1,000 each, random tracks): mean ${ranking.perEvent.plainMs.toFixed(2)} / ${ranking.perEvent.trendMs.toFixed(2)} ms, p99 ${ranking.perEvent.plainP99Ms.toFixed(2)} / ${ranking.perEvent.trendP99Ms.toFixed(2)} ms`,
  ];
  const summaries: Record<string, unknown>[] = [];
  for (const endpoint of ENDPOINTS) {
    const response = await fetch(`${server.url}${endpoint}`);
    const body = Buffer.from(await response.arrayBuffer());
    const entries = JSON.parse(body.toString()) as unknown[];
    if (response.status !== 200 || entries.length === 0) throw new Error(`unexpected ${endpoint} answer: ${response.status} ${body.toString().slice(0, 200)}`);
    const { rounds, ratio, p99 } = await againstMinimalJson({ name: 'discovery', body, sauti: { url: `${server.url}${endpoint}`, pid: server.pid }, ...YARDSTICK });
    for (const [i, r] of rounds.entries()) {
      const label = `${endpoint} round ${i + 1}${r.quiet ? '' : ' (busy machine)'}`;
      rows.push(wrkRow(`${label}: minimal Fastify`, r.minimal), wrkRow(`${label}: Sauti`, r.sauti));
    }
    const summary = {
      endpoint,
      entries: entries.length,
      bytes: body.length,
      'minimal req/s': fixed(median(rounds.map((r) => r.minimal.requestsPerSecond))),
      'Sauti req/s': fixed(median(rounds.map((r) => r.sauti.requestsPerSecond))),
      'req/s ratio (target >= 0.25)': fixed(ratio, 2),
      'Sauti p99 ms (target <= 50)': fixed(p99, 2),
      errors: rounds.reduce((sum, r) => sum + r.minimal.errors + r.sauti.errors, 0),
      'quiet rounds': `${rounds.filter((r) => r.quiet).length} of ${YARDSTICK.rounds}`,
    };
    summaries.push(summary);
    rows.push({ case: `${endpoint}: median of rounds`, ...summary });
    notes.push(`${endpoint}: ratio ${ratio.toFixed(2)} (>= 0.25), p99 ${p99.toFixed(1)} ms (<= 50)`);
  }
  notes.push(`${YARDSTICK.connections} connections, ${YARDSTICK.rounds} rounds of ${YARDSTICK.seconds} s per endpoint; load average at the end: ${loadAverage()}`);
  report('discovery', rows, notes);
  console.table(summaries);
}
