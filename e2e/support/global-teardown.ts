import fs from 'node:fs';
import { STATE_FILE, type ServerState } from './server-state';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server global setup started (SIGTERM, then SIGKILL after 15 s) and removes its data. */
export default async function globalTeardown() {
  if (!fs.existsSync(STATE_FILE)) return;
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as ServerState;
  if (alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (alive(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  if (process.env.E2E_KEEP_DATA) console.log(`e2e data kept in ${state.dataDir}`);
  else fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
