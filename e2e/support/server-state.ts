import os from 'node:os';
import path from 'node:path';

/** Where global setup tells the tests (and teardown) about the server it started. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5123);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const STATE_FILE = path.join(os.tmpdir(), `sauti-e2e-${E2E_PORT}.json`);

export interface ServerState {
  pid: number;
  dataDir: string;
  baseUrl: string;
}
