/**
 * The fan-facing pages against DESIGN.md's budgets, with Lighthouse 12 (mobile profile: 150 ms
 * RTT, 1.6 Mbps, a mid-tier phone's CPU, cold cache) in Debian's Chromium, on a database seeded by `npm run seed`:
 * the landing, a popular artist's profile, a profile with a photo (its largest element, issue 33),
 * a track page and an album page (BENCH_PAGES=profile-photo,track measures only those). Targets per page:
 * performance >= 97, LCP <= 1.5 s, CLS <= 0.05, <= 500 KB transferred, <= 110 KB of JavaScript (issue 18)
 * (compressed, as transferred). Each page is measured RUNS times; the median run is reported.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, measurePublicReads, seededDataDir } from './public-reads';
import { startServer } from './support/server';
import { report } from './lib';

const PORT = 5152;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The CPU Lighthouse emulates is a mid-tier phone, set as a slowdown of the host it runs on
 * (decision 085). Its default 4x assumes a high-end desktop (benchmarkIndex 1500-2000, Lighthouse's
 * docs/throttling.md); on a host below that bracket 4x emulates a slower phone than meant and the
 * scores measure the host, not the page. Below 1500 the slowdown is the host's own benchmarkIndex
 * over 1500 / 4 (never below 1x); from 1500 up it is Lighthouse's (and DESIGN.md's) 4x.
 * BENCH_LIGHTHOUSE_CPU overrides it.
 */
const PHONE_BENCHMARK_INDEX = 1500 / 4;
const slowdownFor = (benchmarkIndex: number) => Math.min(4, Math.max(1, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10));

/**
 * The host's floor: a 200-byte page with no script, answered by the public reads' minimal server
 * (support/minimal-bytes-server.ts) in a process of its own (Lighthouse runs synchronously here,
 * so a server in this process could not answer). What Lighthouse and this Chromium cost on this
 * machine for nothing at all, printed beside the pages so a low score can be told apart.
 */
const CONTROL_PORT = 5154;
const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Control</title></head><body><h1>Control</h1><p>A page with nothing to run.</p></body></html>';

async function controlPage(): Promise<{ url: string; close(): void }> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-control-'));
  const page = path.join(scratch, 'control.html');
  const manifest = path.join(scratch, 'manifest.json');
  fs.writeFileSync(page, CONTROL_HTML);
  fs.writeFileSync(manifest, JSON.stringify({ '/': { file: page, type: 'text/html; charset=utf-8' } }));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'minimal-bytes-server.ts'), String(CONTROL_PORT), manifest], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const close = () => {
    child.kill();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the control page's server exited (${code})`)));
  }).catch((error: unknown) => {
    close();
    throw error;
  });
  return { url: `http://127.0.0.1:${CONTROL_PORT}/`, close };
}

interface Measurement {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  totalKB: number;
  scriptKB: number;
  imageKB: number;
  largestImageKB: number;
  /** Lighthouse's measure of the host's CPU (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
}

function lighthouseOnce(url: string, cpuSlowdown: number): Measurement {
  const output = path.join(os.tmpdir(), `sauti-lighthouse-${process.pid}.json`);
  // Not on the runner's one core (support/processes.ts pins it and its children): Chromium and
  // Lighthouse's own process would share it, and the tasks Lighthouse slows down 4x would grow
  // with that contention (TBT 220-380 ms pinned, 20-70 ms not, for the same page).
  execFileSync(
    'taskset',
    [
      '-c',
      `0-${os.cpus().length - 1}`,
      path.join(root, 'node_modules', '.bin', 'lighthouse'),
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--chrome-flags=--headless=new --no-sandbox',
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const result = JSON.parse(fs.readFileSync(output, 'utf8')) as {
    categories: { performance: { score: number } };
    environment: { benchmarkIndex: number };
    audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
  };
  fs.rmSync(output, { force: true });
  const requests = result.audits['network-requests']?.details?.items ?? [];
  const kb = (type: string) => requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  return {
    performance: Math.round(result.categories.performance.score * 100),
    lcpMs: Math.round(result.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    cls: Number((result.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    tbtMs: Math.round(result.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    totalKB: Math.round((result.audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024),
    scriptKB: Math.round(kb('Script')),
    imageKB: Math.round(kb('Image')),
    largestImageKB: Math.round(Math.max(0, ...requests.filter((item) => item.resourceType === 'Image').map((item) => (item.transferSize ?? 0) / 1024))),
    benchmarkIndex: Math.round(result.environment.benchmarkIndex),
  };
}

/** Lighthouse now and then fails to drive Chromium at all (exit 1): one more try before giving up. */
function lighthouse(url: string, cpuSlowdown: number): Measurement {
  try {
    return lighthouseOnce(url, cpuSlowdown);
  } catch {
    return lighthouseOnce(url, cpuSlowdown);
  }
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const median = (runs: Measurement[]) => [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)[Math.floor(runs.length / 2)]!;

/**
 * The seeded artist who can sign in (server/src/cli/seed.ts), given a photo as an artist gives one:
 * the seed draws none, and a profile's photo is its largest element, the one its LCP waits for
 * (issue 33: it came after the page's script, at ~2.4 s where covers paint at ~1.2 s).
 */
async function profileWithPhoto(serverUrl: string): Promise<string> {
  const login = await fetch(`${serverUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'artist1@seed.sauti.test', password: 'password123' }),
  });
  if (login.status !== 200) throw new Error(`sign-in of the seeded artist: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().find((header) => header.startsWith('sauti_sid='))?.split(';')[0];
  if (!cookie) throw new Error('sign-in of the seeded artist: no session cookie');
  // A camera-sized photo (1200 px square), as a phone uploads it.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-photo-')), 'photo.jpg');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1200x1200', '-frames:v', '1', '-q:v', '3', file]);
  const form = new FormData();
  form.append('profilePhoto', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const uploaded = await fetch(`${serverUrl}/api/user/profile-photo`, { method: 'POST', headers: { cookie, origin: serverUrl }, body: form });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (uploaded.status !== 200) throw new Error(`profile photo: ${uploaded.status} ${await uploaded.text()}`);
  return ((await uploaded.json()) as { profileUrl: string }).profileUrl;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function run() {
  buildWeb();
  const dataDir = seededDataDir();
  const server = await startServer(PORT, {}, { dataDir });
  try {
    // First the public reads' throughput against the minimal server (issue 18), then Lighthouse.
    // BENCH_PAGES_READS=0 skips the first (7 minutes) to re-measure Lighthouse alone on a quiet machine.
    if (process.env.BENCH_PAGES_READS !== '0') {
      const throughput = await measurePublicReads(server);
      report('public-reads', throughput, ['32 connections, median of rounds, embedded database seeded with 20 artists, 200 tracks (run by `pages`)']);
    }
    const artists = await json<{ profileUrl: string }[]>(`${server.url}/api/featured-artists?limit=10`);
    const [trending] = await json<{ track: { id: string } }[]>(`${server.url}/api/featured-tracks?limit=1`);
    const artist = artists[0];
    if (!artist || !trending) throw new Error('the seeded database features nothing');
    // The most popular artist with an album (profileUrl is /profile/{slug}; the API is /api/profile/{slug}).
    let album: { id: string } | undefined;
    for (const candidate of artists) {
      album = (await json<{ albums: { id: string }[] }>(`${server.url}/api${candidate.profileUrl}`)).albums[0];
      if (album) break;
    }
    const allPages: Record<string, string> = {
      landing: '/',
      profile: artist.profileUrl,
      'profile-photo': await profileWithPhoto(server.url),
      track: `/track/${trending.track.id}`,
      ...(album ? { album: `/album/${album.id}` } : {}),
    };
    const only = process.env.BENCH_PAGES?.split(',');
    const pages = Object.fromEntries(Object.entries(allPages).filter(([name]) => !only || only.includes(name)));
    // Each page's first run warms the server, not the browser (each run starts cold); the first
    // pages' also measure the host for the calibration (their median index).
    const warmUps = Object.values(pages).map((pagePath) => lighthouse(`${server.url}${pagePath}`, 4));
    const hostIndex = middle(warmUps.map((m) => m.benchmarkIndex));
    const cpuSlowdown = process.env.BENCH_LIGHTHOUSE_CPU ? Number(process.env.BENCH_LIGHTHOUSE_CPU) : slowdownFor(hostIndex);
    const rows: Record<string, unknown>[] = [];
    const control = await controlPage();
    try {
      const runs = Array.from({ length: RUNS }, () => lighthouse(control.url, cpuSlowdown));
      const m = median(runs);
      rows.push({ page: 'control (no script)', performance: m.performance, 'LCP ms': m.lcpMs, CLS: m.cls, 'TBT ms': m.tbtMs, 'perf (all runs)': runs.map((r) => r.performance).join('/'), 'host index': middle(runs.map((r) => r.benchmarkIndex)) });
    } finally {
      control.close();
    }
    for (const [index, [name, pagePath]] of Object.entries(pages).entries()) {
      const runs = Array.from({ length: RUNS }, () => lighthouse(`${server.url}${pagePath}`, cpuSlowdown));
      const m = median(runs);
      rows.push({
        page: name,
        performance: m.performance,
        'LCP ms': m.lcpMs,
        CLS: m.cls,
        'TBT ms': m.tbtMs,
        'total KB': m.totalKB,
        'JS KB': m.scriptKB,
        'images KB': m.imageKB,
        'largest image KB': m.largestImageKB,
        'perf (all runs)': runs.map((r) => r.performance).join('/'),
        'host index': middle(runs.map((r) => r.benchmarkIndex)),
        // DESIGN.md's yardstick as written (CPU x4 whatever the host): the warm-up run, shown beside.
        'perf at 4x (warm-up)': warmUps[index]!.performance,
      });
    }
    report('pages', rows, [
      `Lighthouse mobile, median of ${RUNS} cold runs per page, on a seeded database (20 artists, 200 tracks)`,
      `CPU: host benchmarkIndex ${hostIndex} (median of the warm-up runs), slowdown ${cpuSlowdown}x${process.env.BENCH_LIGHTHOUSE_CPU ? ' (set by BENCH_LIGHTHOUSE_CPU)' : ' (decision 085: 4x from an index of 1500 up, index / 375 below)'}`,
      'control: a page with no script on a minimal server, measured the same way: the host and browser floor',
      'budgets: performance >= 97, LCP <= 1500 ms, CLS <= 0.05, total <= 500 KB, JS <= 110 KB, each image <= 25 KB',
    ]);
  } finally {
    await server.stop();
  }
}
