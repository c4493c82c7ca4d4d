/**
 * Ranged streaming, against nginx and under API load (DESIGN.md "Performance budgets"):
 * 1. Random 256 KiB ranges of one stream rendition over 16 keep-alive connections, from Sauti
 *    (GET /api/tracks/{id}/stream, an anonymous listener) and from Debian's nginx serving the same
 *    file, in alternating rounds. Targets: requests/s >= 0.6x nginx's, p99 <= 4x nginx's.
 * 2. The same stream load while a second wrk hammers GET /api/tracks (the artist's 40 tracks,
 *    signed in) over 16 more connections. Target: stream throughput >= 0.5x its idle value.
 * Server and nginx run on the server core (where the slow upload's server idles too, when all
 * benchmarks run); both wrk processes share the load core (its busy share is reported, to show it
 * was not the bottleneck).
 */
import fs from 'node:fs';
import { LOAD_CPU, loadAverage, SERVER_CPU, waitForQuiet } from './support/processes';
import { sharedCatalogue } from './support/catalogue';
import { startNginx } from './support/nginx';
import { fixed, median, runWrk, type WrkResult } from './support/wrk';
import { report } from './lib';

const NGINX_PORT = 8140;
const CONNECTIONS = 16;
const API_CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RANGE_BYTES = 256 * 1024;

/** A table row; the server's CPU per request only where one load alone was served. */
function row(label: string, result: WrkResult, alone = true): Record<string, unknown> {
  return {
    case: label,
    'req/s': fixed(result.requestsPerSecond),
    'MB/s': fixed(result.megabytesPerSecond),
    'p50 ms': fixed(result.p50Ms, 2),
    'p99 ms': fixed(result.p99Ms, 2),
    'server CPU µs/req': alone ? fixed(result.serverCpuUsPerRequest) : '-',
    'server core busy': fixed(result.coreBusy[SERVER_CPU] ?? Number.NaN, 2),
    'load core busy': fixed(result.coreBusy[LOAD_CPU] ?? Number.NaN, 2),
    errors: result.errors,
  };
}

export async function run() {
  const { server, artist, song } = await sharedCatalogue();
  const nginx = await startNginx(NGINX_PORT, { 'song.m4a': song.renditionPath });
  try {
    const sautiUrl = `${server.url}/api/tracks/${song.id}/stream`;
    const nginxUrl = `${nginx.url}/song.m4a`;
    const range = `bytes=${song.size - RANGE_BYTES - 1000}-${song.size - 1001}`;
    const [fromSauti, fromNginx] = await Promise.all(
      [sautiUrl, nginxUrl].map(async (url) => {
        const response = await fetch(url, { headers: { range } });
        if (response.status !== 206) throw new Error(`${url}: ${response.status}`);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    if (!fromSauti!.equals(fromNginx!) || !fromSauti!.equals(fs.readFileSync(song.renditionPath).subarray(song.size - RANGE_BYTES - 1000, song.size - 1000))) {
      throw new Error('Sauti and nginx do not serve the same bytes');
    }

    const env = { BENCH_FILE_SIZE: String(song.size), BENCH_RANGE_BYTES: String(RANGE_BYTES) };
    const ranges = (url: string, pids: number[], seconds = SECONDS) =>
      runWrk({ url, connections: CONNECTIONS, seconds, script: 'ranges', env, serverPids: pids });
    const apiLoad = (seconds: number) =>
      runWrk({
        url: `${server.url}/api/tracks`,
        connections: API_CONNECTIONS,
        seconds,
        script: 'get',
        headers: { cookie: artist.cookie },
        serverPids: [server.pid],
      });

    // Warm-up: JIT, the server's copy of a much-requested file, the page cache.
    await ranges(sautiUrl, [server.pid], 3);
    await ranges(nginxUrl, nginx.pids, 3);
    await apiLoad(2);

    const rounds: { nginx: WrkResult; sauti: WrkResult; loaded: WrkResult; api: WrkResult; quiet: boolean }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { quiet } = await waitForQuiet();
      const nginxResult = await ranges(nginxUrl, nginx.pids);
      const sautiResult = await ranges(sautiUrl, [server.pid]);
      // The API load starts first and ends last, so the stream measurement sees it throughout.
      const api = apiLoad(SECONDS + 2);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const loaded = await ranges(sautiUrl, [server.pid]);
      rounds.push({ nginx: nginxResult, sauti: sautiResult, loaded, api: await api, quiet });
    }

    const rows = rounds.flatMap((r, i) => {
      const label = `round ${i + 1}${r.quiet ? '' : ' (busy machine)'}`;
      return [
        row(`${label}: nginx`, r.nginx),
        row(`${label}: Sauti`, r.sauti),
        row(`${label}: Sauti, API loaded`, r.loaded, false),
        row(`${label}: the API load (GET /api/tracks)`, r.api, false),
      ];
    });
    const errors = rounds.reduce((sum, r) => sum + r.nginx.errors + r.sauti.errors + r.loaded.errors + r.api.errors, 0);
    const throughputRatio = median(rounds.map((r) => r.sauti.requestsPerSecond / r.nginx.requestsPerSecond));
    const p99Ratio = median(rounds.map((r) => r.sauti.p99Ms / r.nginx.p99Ms));
    const loadedRatio = median(rounds.map((r) => r.loaded.requestsPerSecond / r.sauti.requestsPerSecond));
    const summary = {
      'nginx req/s': fixed(median(rounds.map((r) => r.nginx.requestsPerSecond))),
      'Sauti req/s': fixed(median(rounds.map((r) => r.sauti.requestsPerSecond))),
      'req/s ratio (target >= 0.6)': fixed(throughputRatio, 2),
      'nginx p99 ms': fixed(median(rounds.map((r) => r.nginx.p99Ms)), 2),
      'Sauti p99 ms': fixed(median(rounds.map((r) => r.sauti.p99Ms)), 2),
      'p99 ratio (target <= 4)': fixed(p99Ratio, 2),
      'Sauti req/s under API load': fixed(median(rounds.map((r) => r.loaded.requestsPerSecond))),
      'under load / idle (target >= 0.5)': fixed(loadedRatio, 2),
      'API req/s meanwhile': fixed(median(rounds.map((r) => r.api.requestsPerSecond))),
    };
    rows.push({ case: 'median of rounds', ...summary });
    report('streams', rows, [
      `${CONNECTIONS} connections, random ${RANGE_BYTES / 1024} KiB ranges of a ${song.size}-byte AAC rendition; ${ROUNDS} rounds of ${SECONDS} s`,
      `targets: req/s ratio ${throughputRatio.toFixed(2)} (>= 0.6), p99 ratio ${p99Ratio.toFixed(2)} (<= 4), under load ${loadedRatio.toFixed(2)} (>= 0.5)`,
      `errors: ${errors}; rounds on a quiet machine: ${rounds.filter((r) => r.quiet).length} of ${ROUNDS}; load average at the end: ${loadAverage()}`,
      `server CPU µs/req: nginx ${fixed(median(rounds.map((r) => r.nginx.serverCpuUsPerRequest)))}, Sauti ${fixed(median(rounds.map((r) => r.sauti.serverCpuUsPerRequest)))} (a load-independent view of the same ratio)`,
    ]);
    console.table([summary]);
  } finally {
    await nginx.stop();
  }
}
