import os from 'node:os';
import path from 'node:path';

/**
 * Each Playwright worker drives a server of its own (decision 091): global setup starts one per
 * worker on consecutive ports from E2E_PORT, and a worker talks to the one of its parallel index
 * (Playwright sets TEST_PARALLEL_INDEX in each worker; a worker that replaces a failed one keeps
 * the index). Tests never share a server, its database or its outbox with a test running beside them.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 5123);

export const portOf = (parallelIndex: number) => E2E_BASE_PORT + parallelIndex;
export const baseUrlOf = (port: number) => `http://localhost:${port}`;
/** Where global setup tells the tests (and teardown) about the server it started on `port`. */
export const stateFileOf = (port: number) => path.join(os.tmpdir(), `sauti-e2e-${port}.json`);

/** This worker's server. */
export const E2E_PORT = portOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const BASE_URL = baseUrlOf(E2E_PORT);
export const STATE_FILE = stateFileOf(E2E_PORT);

export interface ServerState {
  pid: number;
  dataDir: string;
  baseUrl: string;
}
