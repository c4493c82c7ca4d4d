import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atExit, descendantsOf, memoryOf, SERVER_CPU, spawnPinned, stopProcess } from './processes';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * The benchmarks build their own copy of the server (the same esbuild bundle `npm run build`
 * makes, without the web app, which no benchmark requests): dist/ belongs to whoever else is
 * building or running the app on this machine at the same time.
 */
const buildDir = process.env.BENCH_SERVER_BUNDLE ? path.resolve(process.env.BENCH_SERVER_BUNDLE) : path.join(root, '.tmp', 'bench', 'server');

let built: Promise<void> | undefined;

/**
 * Builds the production server bundle once per run; BENCH_SERVER_BUNDLE names an already built
 * one instead (before/after comparisons: copy .tmp/bench/server aside, change, run both).
 */
export function buildServer(): Promise<void> {
  built ??= (async () => {
    if (process.env.BENCH_SERVER_BUNDLE) {
      if (!fs.existsSync(path.join(buildDir, 'main.js'))) throw new Error(`no main.js in BENCH_SERVER_BUNDLE ${buildDir}`);
      console.log(`(server bundle ${buildDir}, not rebuilt)`);
      return;
    }
    const started = Date.now();
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.relative(root, buildDir)], { cwd: root, stdio: 'inherit' });
    console.log(`(server built into ${path.relative(root, buildDir)} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  })();
  return built;
}

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

/**
 * `node main.js` of the production build, as a process of its own on the server core, with a
 * fresh DATA_DIR (embedded database), NODE_ENV=production and its log in DATA_DIR/server.log.
 * Resolves once /api/health answers.
 */
export async function startServer(port: number, env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<ServerProcess> {
  await buildServer();
  // A DATA_DIR prepared beforehand (e.g. seeded) is the server's from here on, removed with it.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-data-'));
  const removeDataDir = atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawnPinned(SERVER_CPU, process.execPath, [...(process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), path.join(buildDir, 'main.js')], {
    cwd: dataDir,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // Required in production (decision 059); any 32 bytes will do for a benchmark.
      TOTP_ENCRYPTION_KEY: 'b'.repeat(64),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // BENCH_SERVER_ENV="NAME=value ...": extra environment for the server (e.g. MALLOC_ARENA_MAX=2).
      ...Object.fromEntries((process.env.BENCH_SERVER_ENV ?? '').split(' ').filter(Boolean).map((pair) => pair.split('=', 2) as [string, string])),
      ...env,
    },
  });
  fs.closeSync(log);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server on port ${port} exited (${code}); see ${dataDir}/server.log`))),
  );
  exited.catch(() => {});
  // A fresh DATA_DIR means initdb in WebAssembly first: over a minute on a busy shared machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const healthy = await Promise.race([
      fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server on port ${port} did not start within 180 s; see ${dataDir}/server.log`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    dataDir,
    memory: () => memoryOf(pid),
    async stop() {
      // Media jobs still running (ffmpeg) would outlive the server and load the next benchmark's core.
      for (const descendant of descendantsOf(pid)) {
        try {
          process.kill(descendant, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      removeDataDir();
    },
  };
}
