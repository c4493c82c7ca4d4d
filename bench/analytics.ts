/**
 * The Analytics section against the JSON API budget (DESIGN.md): an artist with 500 tracks and
 * 1,000,000 plays (spread over the last 365 days, so about 82,000 in the last 30), 50,000
 * downloads and 20,000 profile views; GET /api/analytics and GET /api/analytics/daily?days=30 over
 * 16 keep-alive connections, each against a minimal Fastify server answering the same bytes from
 * memory, alternating rounds. Targets: requests/s >= 0.25x the minimal server's, p99 <= 50 ms.
 *
 * Seeded with generate_series straight into the database, then the daily rollups
 * (track_daily_stats, profile_daily_views) recomputed from those rows with rebuildDailyStats, as
 * the seed command does. The server runs on PostgreSQL (the
 * embedded database lives inside the server process, where the bench cannot insert a million
 * rows): a fresh database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/src/db/schema';
import { rebuildDailyStats } from '../server/src/modules/analytics';
import { signUpArtist } from './support/accounts';
import { loadAverage } from './support/processes';
import { startServer } from './support/server';
import { againstMinimalJson, fixed, jsonYardstick, median, wrkRow } from './support/wrk';
import { report } from './lib';
import { BENCH_SERVER_URL, createDatabase } from './support/database';

const PORT = 5146;
const MINIMAL_PORT = 5147;
const YARDSTICK = jsonYardstick(MINIMAL_PORT);
const TRACKS = 500;
const PLAYS = 1_000_000;
const DOWNLOADS = 50_000;
const VIEWS = 20_000;

async function seed(url: string, email: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const userId = rows[0]!.id;
    await client.query(
      `INSERT INTO tracks (user_id, track_name, artist_name, original_name, file_size, mime_type, duration, audio_key)
       SELECT $1::uuid, 'Track ' || n, 'Bench Artist', 'track-' || n || '.mp3', 4000000, 'audio/mpeg', 200, 'audio/' || $1::text || '/' || gen_random_uuid() || '.mp3'
       FROM generate_series(1, ${TRACKS}) n`,
      [userId],
    );
    // Plays over the last year, more of them on the first tracks (a catalogue has its hits).
    await client.query(
      `WITH ids AS (SELECT array_agg(id ORDER BY track_name) AS a FROM tracks WHERE user_id = $1::uuid)
       INSERT INTO track_plays (track_id, duration, completed_percentage, played_at)
       SELECT ids.a[1 + floor(${TRACKS} * power(random(), 2))::int], 30, 15, now() - random() * interval '365 days'
       FROM ids, generate_series(1, ${PLAYS}) n`,
      [userId],
    );
    await client.query(
      `WITH ids AS (SELECT array_agg(id ORDER BY track_name) AS a FROM tracks WHERE user_id = $1::uuid)
       INSERT INTO track_downloads (track_id, downloaded_at)
       SELECT ids.a[1 + floor(${TRACKS} * random())::int], now() - random() * interval '365 days'
       FROM ids, generate_series(1, ${DOWNLOADS}) n`,
      [userId],
    );
    await client.query(`INSERT INTO profile_views (user_id, viewed_at) SELECT $1, now() - random() * interval '365 days' FROM generate_series(1, ${VIEWS})`, [userId]);
    await client.query(
      `UPDATE tracks SET stream_count = (SELECT count(*) FROM track_plays p WHERE p.track_id = tracks.id),
         download_count = (SELECT count(*) FROM track_downloads d WHERE d.track_id = tracks.id)
       WHERE user_id = $1::uuid`,
      [userId],
    );
    // Inserted straight into the event tables, bypassing the writers that keep the daily rollups:
    // recompute them from the events, as the seed command does.
    const rollup = await rebuildDailyStats(drizzle(client, { schema }));
    await client.query('VACUUM ANALYZE track_plays, track_downloads, profile_views, tracks, track_daily_stats, profile_daily_views');
    console.log(
      `(seeded ${TRACKS} tracks, ${PLAYS} plays, ${DOWNLOADS} downloads, ${VIEWS} views, ${rollup.trackDays} track days and ${rollup.profileDays} profile days in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await client.end();
  }
}

export async function run() {
  const database = await createDatabase(BENCH_SERVER_URL, 'sauti_bench_analytics_');
  const databaseUrl = database.url;
  const server = await startServer(PORT, { DATABASE_URL: databaseUrl });
  const rows: Record<string, unknown>[] = [];
  const notes: string[] = [];
  const summaries: Record<string, unknown>[] = [];
  try {
    const artist = await signUpArtist(server, 'Analytics Artist');
    await seed(databaseUrl, artist.email);

    for (const route of ['/api/analytics', '/api/analytics/daily?days=30']) {
      const response = await fetch(`${server.url}${route}`, { headers: { cookie: artist.cookie } });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${route}: ${response.status} ${body.toString()}`);
      const parsed = JSON.parse(body.toString()) as { totalStreams?: number; tracks?: unknown[] };
      if (route === '/api/analytics' && parsed.totalStreams !== PLAYS) throw new Error(`unexpected totalStreams ${parsed.totalStreams}`);
      if (route !== '/api/analytics' && parsed.tracks?.length !== TRACKS) throw new Error('unexpected per-track table');
      if (route === '/api/analytics' && (parsed as { profileViews?: number }).profileViews !== VIEWS) throw new Error('unexpected profileViews');
      // About 82,000 of the plays fall in the last 30 days: the rollup must have them.
      if (route !== '/api/analytics' && !((parsed as { totals?: { plays: number } }).totals!.plays > 50_000)) throw new Error('unexpected daily totals');

      // The yardstick answers GET /api/tracks; the same bytes as this route.
      const { rounds, ratio, p99 } = await againstMinimalJson({ name: 'analytics', body, sauti: { url: `${server.url}${route}`, pid: server.pid }, headers: { cookie: artist.cookie }, ...YARDSTICK });
      rows.push(
        ...rounds.flatMap((r, i) => {
          const label = `${route} round ${i + 1}${r.quiet ? '' : ' (busy machine)'}`;
          return [wrkRow(`${label}: minimal Fastify`, r.minimal), wrkRow(`${label}: Sauti`, r.sauti)];
        }),
      );
      const summary = {
        case: `${route}: median of rounds`,
        'minimal req/s': fixed(median(rounds.map((r) => r.minimal.requestsPerSecond))),
        'Sauti req/s': fixed(median(rounds.map((r) => r.sauti.requestsPerSecond))),
        'req/s ratio (target >= 0.25)': fixed(ratio, 2),
        'Sauti p99 ms (target <= 50)': fixed(p99, 2),
      };
      rows.push(summary);
      summaries.push(summary);
      notes.push(
        `${route} (${body.length} bytes): req/s ratio ${ratio.toFixed(2)} (>= 0.25), p99 ${p99.toFixed(1)} ms (<= 50); errors ${rounds.reduce((sum, r) => sum + r.minimal.errors + r.sauti.errors, 0)}; quiet rounds ${rounds.filter((r) => r.quiet).length} of ${YARDSTICK.rounds}`,
      );
    }
    report('analytics', rows, [
      `${TRACKS} tracks, ${PLAYS} plays, ${DOWNLOADS} downloads, ${VIEWS} views; PostgreSQL; ${YARDSTICK.connections} connections, ${YARDSTICK.rounds} rounds of ${YARDSTICK.seconds} s`,
      ...notes,
      `load average at the end: ${loadAverage()}`,
    ]);
    console.table(summaries);
  } finally {
    await server.stop();
    await database.drop().catch(() => {});
  }
}
