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
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { DiscoveryService } from '../server/src/modules/discovery';
import { SearchService } from '../server/src/modules/search/search.service';
import { loadAverage } from './support/processes';
import { report, summarise } from './lib';

const ARTISTS = Number(process.env.BENCH_SEARCH_ARTISTS ?? 10_000);
const TRACKS = Number(process.env.BENCH_SEARCH_TRACKS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const root = path.resolve(import.meta.dirname, '..');

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function seeded(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return { url: process.env.BENCH_SEARCH_DATABASE_URL, drop: async () => {} };
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sauti_bench_search_${Date.now().toString(36)}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-seed-'));
  const started = Date.now();
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/seed.ts', '--artists', String(ARTISTS), '--tracks', String(TRACKS), '--plays', String(TRACKS), '--downloads', String(TRACKS / 10)],
      { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir } },
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`(seeded ${ARTISTS} artists and ${TRACKS} tracks in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { url: url.toString(), drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
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
