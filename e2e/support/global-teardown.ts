import fs from 'node:fs';
import { STATE_FILE, type ServerState } from './server-state';
import { stopServer } from './start-server';

/** Stops the server global setup started (SIGTERM, then SIGKILL after 15 s) and removes its data. */
export default async function globalTeardown() {
  if (!fs.existsSync(STATE_FILE)) return;
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as ServerState;
  if (!(await stopServer(state.pid, 15_000))) process.kill(state.pid, 'SIGKILL');
  if (process.env.E2E_KEEP_DATA) console.log(`e2e data kept in ${state.dataDir}`);
  else fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
