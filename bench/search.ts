/**
 * Issue 17: what a search costs at 100,000 tracks against what a discovery list costs, on
 * PostgreSQL (the size only a server database is meant for). A fresh database is seeded by
 * `npm run seed` (BENCH_SEARCH_ARTISTS / BENCH_SEARCH_TRACKS, default 10,000 / 100,000; plays
 * and downloads kept small: they do not change a search), then each query is timed in this process
 * through the services the routes call (SearchService.search with the header's limit,
 * DiscoveryService.featuredTracks with the landing's 12, a genre's first page), one after another,
 * after a warm-up: the database's own cost, without HTTP. BENCH_SEARCH_DATABASE_URL names an
 * already seeded database instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/client';
import { DiscoveryService } from '../server/src/modules/discovery';
import { SearchService } from '../server/src/modules/search/search.service';
import { loadAverage } from './support/processes';
import { report, summarise } from './lib';
import { BENCH_SERVER_URL, createDatabase, seedCatalogue } from './support/database';

const ARTISTS = Number(process.env.BENCH_SEARCH_ARTISTS ?? 10_000);
const TRACKS = Number(process.env.BENCH_SEARCH_TRACKS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);

async function seeded(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return { url: process.env.BENCH_SEARCH_DATABASE_URL, drop: async () => {} };
  const database = await createDatabase(BENCH_SERVER_URL, 'sauti_bench_search_');
  seedCatalogue(database.url, ['--artists', String(ARTISTS), '--tracks', String(TRACKS), '--plays', String(TRACKS), '--downloads', String(TRACKS / 10)]);
  return database;
}

async function time(run: () => Promise<unknown>): Promise<ReturnType<typeof summarise>> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return summarise(samples);
}

export async function run() {
  const database = await seeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-search-'));
  const opened = await openDatabase({ databaseUrl: database.url, dataDir });
  try {
    await opened.pool.query('ANALYZE');
    const search = new SearchService(() => opened.db);
    const discovery = new DiscoveryService(() => opened.db);
    const [{ tracks }] = (await opened.pool.query<{ tracks: number }>('SELECT count(*)::int AS tracks FROM tracks')).rows as [{ tracks: number }];
    // The seed's names: 16 x 16 title words (each first word on 1 track in 16), artists "Nyokabi Wave 12".
    const cases: [string, () => Promise<unknown>][] = [
      ['discovery: featured tracks (12)', () => discovery.featuredTracks(12)],
      ['genre: first page (20)', () => search.genreTracks('benga', 20, undefined)],
      ['genres with counts', () => search.genres()],
      ['search "ny" (2 letters)', () => search.search('ny', 4)],
      ['search "nyo" (prefix)', () => search.search('nyo', 4)],
      ['search "nyota" (a title word, 6,000 matches)', () => search.search('nyota', 4)],
      ['search "nyotta" (a typo)', () => search.search('nyotta', 4)],
      ['search "nyota dreams" (two words)', () => search.search('nyota dreams', 4)],
      ['search "zzqx" (nothing)', () => search.search('zzqx', 4)],
      ['search "kiprono wave 777" (one artist)', () => search.search('kiprono wave 777', 4)],
    ];
    const rows: Record<string, unknown>[] = [];
    for (const [label, query] of cases) {
      const result = await time(query);
      rows.push({ case: label, 'median ms': Number(result.median.toFixed(2)), 'p90 ms': Number(result.p90.toFixed(2)), 'p99 ms': Number(result.p99.toFixed(2)), runs: result.n });
    }
    report('search', rows, [
      `PostgreSQL, ${tracks.toLocaleString('en')} tracks, ${ARTISTS.toLocaleString('en')} artists; in-process service calls one after another (${RUNS} each after 10 to warm up), no HTTP; load average at the end: ${loadAverage()}`,
    ]);
  } finally {
    await opened.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
