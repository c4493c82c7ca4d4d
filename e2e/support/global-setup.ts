import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, E2E_PORT, STATE_FILE, type ServerState } from './server-state';
import { healthy, startServer } from './start-server';

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
  const pid = await startServer(dataDir);
  const state: ServerState = { pid, dataDir, baseUrl: BASE_URL };
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
  process.env.SAUTI_E2E_DATA_DIR = dataDir;
}
