import fs from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { portOf, stateFileOf, type ServerState } from './server-state';
import { stopServer } from './start-server';

/** Stops the servers global setup started (SIGTERM, then SIGKILL after 15 s) and removes their data. */
export default async function globalTeardown(config: FullConfig) {
  for (let index = 0; index < config.workers; index++) {
    const stateFile = stateFileOf(portOf(index));
    if (!fs.existsSync(stateFile)) continue;
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as ServerState;
    if (!(await stopServer(state.pid, 15_000))) process.kill(state.pid, 'SIGKILL');
    if (process.env.E2E_KEEP_DATA) console.log(`e2e data kept in ${state.dataDir}`);
    else fs.rmSync(state.dataDir, { recursive: true, force: true });
    fs.rmSync(stateFile, { force: true });
  }
}
