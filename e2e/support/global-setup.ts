import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { baseUrlOf, portOf, stateFileOf, type ServerState } from './server-state';
import globalTeardown from './global-teardown';
import { healthy, startServer } from './start-server';

/**
 * Starts the built server (npm run test:e2e builds it first) once per worker, each on its own
 * port with a fresh data directory, waits until each answers, and records where each runs for the
 * tests and for teardown (decision 091).
 */
export default async function globalSetup(config: FullConfig) {
  const entry = path.resolve('dist/server/main.js');
  if (!fs.existsSync(entry) || !fs.existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('No build found: run `npm run build` first (npm run test:e2e does).');
  }
  const ports = Array.from({ length: config.workers }, (_, index) => portOf(index));
  for (const port of ports) {
    if (await healthy(port)) throw new Error(`Something already answers on port ${port}; stop it or set E2E_PORT.`);
  }
  const started = await Promise.allSettled(
    ports.map(async (port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-e2e-'));
      try {
        const pid = await startServer(dataDir, { port });
        const state: ServerState = { pid, dataDir, baseUrl: baseUrlOf(port) };
        fs.writeFileSync(stateFileOf(port), JSON.stringify(state));
      } catch (error) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }),
  );
  // Playwright runs no teardown when setup fails: the servers that did start are stopped here.
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await globalTeardown(config);
    throw failed.reason;
  }
}
