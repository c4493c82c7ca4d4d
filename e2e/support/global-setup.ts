import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, E2E_PORT, STATE_FILE, type ServerState } from './server-state';

const STARTUP_TIMEOUT_MS = 60_000;

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch(`${BASE_URL}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the built server (npm run test:e2e builds it first) on its own port with a fresh data
 * directory, waits until it answers, and records where it runs for the tests and for teardown.
 */
export default async function globalSetup() {
  const entry = path.resolve('dist/server/main.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('No build found: run `npm run build` first (npm run test:e2e does).');
  }
  if (await healthy()) throw new Error(`Something already answers on port ${E2E_PORT}; stop it or set E2E_PORT.`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-e2e-'));
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SMTP_URL: '',
      // Tests say which address they come from (X-Forwarded-For, e2e/support/test.ts).
      TRUST_PROXY: 'true',
      // Embedded PGlite in the fresh DATA_DIR unless a throwaway PostgreSQL database is named for e2e.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
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
    up = await healthy();
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`The server did not answer ${BASE_URL}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
  }

  const state: ServerState = { pid: child.pid!, dataDir, baseUrl: BASE_URL };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
  process.env.SAUTI_E2E_DATA_DIR = dataDir;
  child.unref();
}
