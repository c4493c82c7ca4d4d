import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export { createDatabase } from '../../server/test/support/postgres';

/** The PostgreSQL server the benchmarks create their databases on. */
export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const root = path.resolve(import.meta.dirname, '../..');

/** Fills a database with `npm run seed`'s synthetic catalogue (its arguments), with a scratch DATA_DIR. */
export function seedCatalogue(databaseUrl: string, args: string[]): void {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-bench-seed-'));
  const started = Date.now();
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli/seed.ts', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`(seeded ${args.join(' ')} in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
