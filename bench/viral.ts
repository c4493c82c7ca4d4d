/**
 * A shared link going viral (issue 18 item 3): two Sauti processes on one fresh PostgreSQL
 * database behind Debian's nginx, and 1,000 distinct fans (each its own X-Forwarded-For, each on
 * a connection of its own, as phones are) arriving over BENCH_VIRAL_SECONDS (30 s by default,
 * within the 60 s of the issue) at random moments. Each opens the profile page and its JSON, as a
 * browser without scripts would; 30% of them also play the profile's first song (POST
 * /api/tracks/{id}/stream, the counted play). Halfway, the artist renames the song through
 * process A while process B is polled until it answers the new name.
 * Targets: no error, p99 <= 200 ms over every request, the profile's views and the song's plays
 * rising by exactly the number of distinct fans (viewers, players), the edit seen through the
 * other process within 2 s.
 */
import http from 'node:http';
import pg from 'pg';
import { buildWeb } from './public-reads';
import { BENCH_SERVER_URL, createDatabase, seedCatalogue } from './support/database';
import { startProxyNginx } from './support/nginx';
import { atExit, loadAverage } from './support/processes';
import { startServer, type ServerProcess } from './support/server';
import { percentile, report } from './lib';

const PORTS = [5161, 5162];
const PROXY_PORT = 5163;
const FANS = Number(process.env.BENCH_VIRAL_FANS ?? 1_000);
const SECONDS = Number(process.env.BENCH_VIRAL_SECONDS ?? 30);
const PLAYING = 0.3;
const SEED_EMAIL = 'artist1@seed.sauti.test';
const SEED_PASSWORD = 'password123';

/** One request on a connection of its own (a fan's phone); answers the status and the time it took. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end(options.body);
  });
}

/** The fan's address: distinct for every fan, in the documentation ranges and beyond. */
const fanAddress = (i: number) => `10.${Math.floor(i / 65_536) % 256}.${Math.floor(i / 256) % 256}.${i % 256}`;

async function counts(client: pg.Client, artistId: string, trackId: string) {
  const views = await client.query<{ n: string }>('SELECT count(*) AS n FROM profile_views WHERE user_id = $1', [artistId]);
  const plays = await client.query<{ n: number }>('SELECT stream_count AS n FROM tracks WHERE id = $1', [trackId]);
  return { views: Number(views.rows[0]!.n), plays: plays.rows[0]!.n };
}

async function renameSeenThroughOther(a: ServerProcess, b: ServerProcess, trackId: string): Promise<number> {
  const login = await fetch(`${a.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: SEED_EMAIL, password: SEED_PASSWORD }) });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sauti_sid='))!.split(';')[0]!;
  const name = `Viral Edit ${Date.now().toString(36)}`;
  const form = new FormData();
  form.append('trackName', name);
  const edited = await fetch(`${a.url}/api/tracks/${trackId}`, { method: 'PATCH', body: form, headers: { cookie } });
  if (edited.status !== 200) throw new Error(`edit: ${edited.status}`);
  const answered = performance.now();
  for (;;) {
    const seen = await fetch(`${b.url}/api/track-detail/${trackId}`).then((response) => response.text());
    if (seen.includes(name)) return performance.now() - answered;
    if (performance.now() - answered > 10_000) throw new Error('the edit was not seen through the other process within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function run() {
  if (!process.env.BENCH_SKIP_WEB_BUILD) buildWeb();
  const database = await createDatabase(BENCH_SERVER_URL, 'sauti_bench_viral_');
  const dropDatabase = atExit(() => void database.drop());
  const client = new pg.Client({ connectionString: database.url });
  const servers: ServerProcess[] = [];
  try {
    // The first process creates the schema; the seed fills it; the second joins.
    servers.push(await startServer(PORTS[0]!, { DATABASE_URL: database.url, TRUST_PROXY: '1' }));
    seedCatalogue(database.url, ['--artists', '20', '--tracks', '200']);
    servers.push(await startServer(PORTS[1]!, { DATABASE_URL: database.url, TRUST_PROXY: '1' }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const proxy = await startProxyNginx(PROXY_PORT, servers.map((server) => server.url));
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [SEED_EMAIL]);
      const id = rows[0]!.id;
      const profile = (await (await fetch(`${proxy.url}/api/profile/${id}`, { headers: { 'x-forwarded-for': '192.0.2.1' } })).json()) as { user: { profileUrl: string }; tracks: { id: string }[] };
      // The link fans share: the profile's address by name.
      const artist = { id, slug: profile.user.profileUrl.replace('/profile/', '') };
      const trackId = profile.tracks[0]!.id;
      // The check above counted one view (192.0.2.1); wait until it is stored before taking the baseline.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = await counts(client, artist.id, trackId);

      const latencies: Record<'page' | 'json' | 'play', number[]> = { page: [], json: [], play: [] };
      let errors = 0;
      let players = 0;
      const started = performance.now();
      const fans = Array.from({ length: FANS }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SECONDS * 1000));
        const headers = { 'x-forwarded-for': fanAddress(i + 1), 'accept-encoding': 'br, gzip', 'user-agent': 'viral-bench' };
        const page = await request(`${proxy.url}/profile/${artist.slug}`, { headers });
        const json = await request(`${proxy.url}/api/profile/${artist.slug}`, { headers });
        latencies.page.push(page.ms);
        latencies.json.push(json.ms);
        if (page.status !== 200) errors++;
        if (json.status !== 200) errors++;
        if (i % 10 < PLAYING * 10) {
          players++;
          const played = await request(`${proxy.url}/api/tracks/${trackId}/stream`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ duration: 30, completedPercentage: 60, streamType: 'play' }),
          });
          latencies.play.push(played.ms);
          if (played.status !== 200) errors++;
        }
      });
      // Halfway through, the artist fixes the song's title through A; B must show it.
      const editMs = new Promise<number>((resolve, reject) => setTimeout(() => renameSeenThroughOther(a, b, trackId).then(resolve, reject), (SECONDS * 1000) / 2));
      await Promise.all(fans);
      const tookS = (performance.now() - started) / 1000;
      const seenAfterMs = await editMs;
      // Views are written in batches every 100 ms by each process.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = await counts(client, artist.id, trackId);
      const all = [...latencies.page, ...latencies.json, ...latencies.play].sort((x, y) => x - y);
      const p99 = (values: number[]) => Number(percentile([...values].sort((x, y) => x - y), 99).toFixed(1));
      const row = {
        fans: FANS,
        'over s': Number(tookS.toFixed(1)),
        requests: all.length,
        errors,
        'p99 ms (<= 200)': p99(all),
        'p99 page ms': p99(latencies.page),
        'p99 JSON ms': p99(latencies.json),
        'p99 play ms': p99(latencies.play),
        'max ms': Number(all.at(-1)!.toFixed(1)),
        'views added (= fans)': after.views - before.views,
        'plays added (= players)': `${after.plays - before.plays} of ${players}`,
        'edit seen through B ms (<= 2000)': Math.round(seenAfterMs),
      };
      const ok = errors === 0 && row['p99 ms (<= 200)'] <= 200 && after.views - before.views === FANS && after.plays - before.plays === players && seenAfterMs <= 2_000;
      report('viral', [row], [
        `2 processes on one PostgreSQL database behind nginx (1 worker), all on the server core; ${FANS} fans over ${SECONDS} s, each on its own connection, ${Math.round(PLAYING * 100)}% playing`,
        `${ok ? 'PASS' : 'FAIL'}; load average at the end: ${loadAverage()}`,
      ]);
      if (!ok) throw new Error('the viral benchmark missed a target (see the table)');
    } finally {
      await client.end();
      await proxy.stop();
    }
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
    dropDatabase();
  }
}
