import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../server/src/app';
import { loadConfig, type Config } from '../server/src/config';

export interface BenchApp {
  app: FastifyInstance;
  config: Config;
  url: string;
  close(): Promise<void>;
}

/** The real app, listening on a loopback port, on a fresh DATA_DIR (or DATABASE_URL when set). */
export async function startBenchApp(env: Record<string, string> = {}, options: BuildAppOptions = {}): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', ...process.env, ...env, DATA_DIR: dataDir });
  const app = await buildApp(config, { logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints a result table and keeps it as JSON under bench/results (ignored by git). */
export function report(name: string, rows: Record<string, unknown>[], notes: string[] = []) {
  console.log(`\n## ${name}`);
  console.table(rows);
  for (const note of notes) console.log(`- ${note}`);
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ name, at: new Date().toISOString(), rows, notes }, null, 2));
}
