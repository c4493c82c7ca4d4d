import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_PORT, baseUrlOf } from './server-state';

// A fresh embedded database is created as the server starts; on a loaded 2-core machine (two
// servers at once beside the unit lane, decision 091) that was seen to take over a minute.
const STARTUP_TIMEOUT_MS = 180_000;

export async function healthy(port = E2E_PORT): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrlOf(port)}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/** The built server's environment for the e2e run (global setup, and a restart within a test). */
export function serverEnv(dataDir: string, port = E2E_PORT): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrlOf(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SMTP_URL: '',
    // Tests say which address they come from (X-Forwarded-For, e2e/support/test.ts).
    TRUST_PROXY: 'true',
    // Embedded PGlite in the fresh DATA_DIR unless a throwaway PostgreSQL database is named for e2e.
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  };
}

/** Starts the built server on DATA_DIR `dataDir` (on this worker's port unless told) and waits until it answers; its pid. */
export async function startServer(dataDir: string, options: { detached?: boolean; port?: number } = {}): Promise<number> {
  const port = options.port ?? E2E_PORT;
  const entry = path.resolve('dist/server/main.js');
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [entry], { env: serverEnv(dataDir, port), stdio: ['ignore', log, log], detached: options.detached ?? false });
  fs.closeSync(log);

  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let up = false;
  while (!up && Date.now() < deadline) {
    const code = await Promise.race([exited, new Promise<'waiting'>((resolve) => setTimeout(resolve, 250, 'waiting'))]);
    if (code !== 'waiting') {
      const output = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8');
      throw new Error(`The server exited with code ${code} while starting:\n${output}`);
    }
    up = await healthy(port);
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`The server did not answer ${baseUrlOf(port)}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
  }
  child.unref();
  return child.pid!;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends the server SIGTERM and waits up to `waitMs` for it to exit; whether it did. */
export async function stopServer(pid: number, waitMs: number): Promise<boolean> {
  if (!alive(pid)) return true;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + waitMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return !alive(pid);
}
