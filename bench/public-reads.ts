/**
 * The public reads a shared link brings (issue 18, DESIGN.md's JSON and page budget): the pages
 * `/`, `/profile/{slug}`, `/{displayName}`, `/track/{id}`, `/album/{id}` and the JSON
 * `/api/profile/{slug}`, `/api/track-detail/{id}`, `/api/album-detail/{id}`, a search and a genre's
 * first page, each over 32
 * keep-alive connections (asking for br or gzip, as browsers do: pages go out brotli-compressed) against a minimal Fastify server answering the same bytes from memory,
 * alternating within a round; median of rounds. Targets: requests/s >= 0.25x the minimal
 * server's, p99 <= 50 ms. On the embedded database seeded by `npm run seed` (20 artists, 200
 * tracks), with the web app and its server renderer built (`pages` runs this first).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { atExit, loadAverage, SERVER_CPU, spawnPinned, stopProcess, waitForQuiet } from './support/processes';
import { startServer, type ServerProcess } from './support/server';
import { fixed, median, runWrk, type WrkResult } from './support/wrk';
import { report } from './lib';

const PORT = 5155;
const MINIMAL_PORT = 5156;
const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const root = path.resolve(import.meta.dirname, '..');
export const webOut = path.join(root, '.tmp', 'bench', 'web');

/** The web app and its server renderer beside the bench server bundle (main.js finds ../web). */
export function buildWeb() {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  execFileSync(vite, ['build', '--outDir', webOut, '--emptyOutDir'], { cwd: root, stdio: 'ignore' });
  execFileSync(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', `${webOut}-ssr`, '--emptyOutDir'], { cwd: root, stdio: 'ignore' });
}

/** A fresh DATA_DIR seeded by `npm run seed` (20 artists, 200 tracks). */
export function seededDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-pages-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli/seed.ts', '--artists', '20', '--tracks', '200'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  return dataDir;
}

/** What a phone's browser sends: pages go out compressed (JSON answers are not compressed by Sauti). */
const ACCEPT_ENCODING = 'br, gzip';

/** One GET as wrk makes it, the body as sent (still compressed). */
function rawGet(url: string): Promise<{ status: number; body: Buffer; type: string; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            type: String(response.headers['content-type'] ?? 'application/octet-stream'),
            encoding: response.headers['content-encoding'],
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The addresses a shared link brings fans to, on a seeded server. */
export async function publicAddresses(server: ServerProcess): Promise<Record<string, string>> {
  const artists = await json<{ id: string; displayName: string; profileUrl: string }[]>(`${server.url}/api/featured-artists?limit=10`);
  let found: { artist: (typeof artists)[number]; trackId: string; albumId: string } | undefined;
  for (const artist of artists) {
    const profile = await json<{ tracks: { id: string }[]; albums: { id: string }[] }>(`${server.url}/api${artist.profileUrl}`);
    if (profile.tracks[0] && profile.albums[0]) {
      found = { artist, trackId: profile.tracks[0].id, albumId: profile.albums[0].id };
      break;
    }
  }
  if (!found) throw new Error('the seeded database has no artist with a track and an album');
  const slug = found.artist.profileUrl.replace('/profile/', '');
  // Search and a genre's first page (issue 17's lists, kept since decision 060): a word of the artist's name, the largest genre.
  const genres = await json<{ slug: string; trackCount: number }[]>(`${server.url}/api/genres`);
  const genre = [...genres].sort((a, b) => b.trackCount - a.trackCount)[0];
  const word = found.artist.displayName.split(' ')[0]!;
  return {
    'page /': '/',
    'page /profile/{slug}': found.artist.profileUrl,
    'page /{displayName}': `/${encodeURIComponent(found.artist.displayName)}`,
    'page /track/{id}': `/track/${found.trackId}`,
    'page /album/{id}': `/album/${found.albumId}`,
    'GET /api/profile/{slug}': `/api/profile/${slug}`,
    'GET /api/track-detail/{id}': `/api/track-detail/${found.trackId}`,
    'GET /api/album-detail/{id}': `/api/album-detail/${found.albumId}`,
    'GET /api/search?q={word}': `/api/search?q=${encodeURIComponent(word)}`,
    ...(genre && genre.trackCount > 0 ? { 'GET /api/genres/{slug}/tracks': `/api/genres/${genre.slug}/tracks` } : {}),
  };
}

/** Throughput of each address against the minimal server answering its bytes; rows for the report. */
export async function measurePublicReads(server: ServerProcess): Promise<Record<string, unknown>[]> {
  const addresses = await publicAddresses(server);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-public-'));
  const removeScratch = atExit(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const manifest: Record<string, { file: string; type: string; encoding?: string }> = {};
  const sizes: Record<string, number> = {};
  for (const [name, url] of Object.entries(addresses)) {
    const response = await rawGet(`${server.url}${url}`);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const file = path.join(scratch, `${Object.keys(manifest).length}.body`);
    fs.writeFileSync(file, response.body);
    manifest[url] = { file, type: response.type, ...(response.encoding ? { encoding: response.encoding } : {}) };
    sizes[name] = response.body.length;
  }
  const manifestFile = path.join(scratch, 'manifest.json');
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const minimal = spawnPinned(SERVER_CPU, process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'minimal-bytes-server.ts'), String(MINIMAL_PORT), manifestFile], { cwd: root });
  const rows: Record<string, unknown>[] = [];
  try {
    await once(minimal.stdout!, 'data');
    const minimalUrl = `http://127.0.0.1:${MINIMAL_PORT}`;
    for (const url of Object.values(addresses)) {
      const [ours, theirs] = await Promise.all([rawGet(`${server.url}${url}`), rawGet(`${minimalUrl}${url}`)]);
      if (!ours.body.equals(theirs.body) || ours.encoding !== theirs.encoding) throw new Error(`${url}: the minimal server does not answer the same bytes`);
    }
    const get = (base: string, url: string, pid: number, seconds = SECONDS) =>
      runWrk({ url: `${base}${url}`, connections: CONNECTIONS, seconds, script: 'get', headers: { 'accept-encoding': ACCEPT_ENCODING }, serverPids: [pid] });
    for (const [name, url] of Object.entries(addresses)) {
      await get(server.url, url, server.pid, 2);
      await get(minimalUrl, url, minimal.pid!, 2);
      const rounds: { minimal: WrkResult; sauti: WrkResult; quiet: boolean }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { quiet } = await waitForQuiet();
        rounds.push({ minimal: await get(minimalUrl, url, minimal.pid!), sauti: await get(server.url, url, server.pid), quiet });
      }
      const ratio = median(rounds.map((r) => r.sauti.requestsPerSecond / r.minimal.requestsPerSecond));
      const p99 = median(rounds.map((r) => r.sauti.p99Ms));
      rows.push({
        case: name,
        bytes: sizes[name],
        'minimal req/s': fixed(median(rounds.map((r) => r.minimal.requestsPerSecond))),
        'Sauti req/s': fixed(median(rounds.map((r) => r.sauti.requestsPerSecond))),
        'ratio (>= 0.25)': fixed(ratio, 2),
        'Sauti p99 ms (<= 50)': fixed(p99, 2),
        'minimal p99 ms': fixed(median(rounds.map((r) => r.minimal.p99Ms)), 2),
        'ratio per round': rounds.map((r) => (r.sauti.requestsPerSecond / r.minimal.requestsPerSecond).toFixed(2)).join('/'),
        'quiet rounds': rounds.filter((r) => r.quiet).length,
        errors: rounds.reduce((sum, r) => sum + r.minimal.errors + r.sauti.errors, 0),
      });
      console.table([rows.at(-1)]);
    }
  } finally {
    await stopProcess(minimal);
    fs.rmSync(scratch, { recursive: true, force: true });
    removeScratch();
  }
  return rows;
}

export async function run() {
  if (!process.env.BENCH_SKIP_WEB_BUILD) buildWeb();
  const dataDir = seededDataDir();
  const server = await startServer(PORT, {}, { dataDir });
  try {
    const rows = await measurePublicReads(server);
    report('public-reads', rows, [
      `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per address, alternating with the minimal server; embedded database seeded with 20 artists, 200 tracks`,
      `load average at the end: ${loadAverage()}`,
    ]);
  } finally {
    await server.stop();
  }
}
