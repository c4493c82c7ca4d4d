import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDatabase } from './postgres';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Closes the app; the data directory stays for a restart unless `remove` is true. */
  close(options?: { remove?: boolean }): Promise<void>;
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-test-'));
}

/** Puts a copy of the migrated template database into a DATA_DIR that has none (embedded mode). */
export function seedDataDir(dataDir: string): string {
  const template = inject('embeddedDbTemplate');
  if (!process.env.DATABASE_URL && template && fs.existsSync(template) && !fs.existsSync(path.join(dataDir, 'db'))) {
    fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  }
  return dataDir;
}

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, so test files running in
 * parallel never share rows or queued jobs. CI drops what a crashed test leaves (the prefix).
 */
export function createTestDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(serverUrl, 'sauti_t_');
}

/**
 * The real app on a real database: embedded PGlite in a fresh DATA_DIR, or, when DATABASE_URL is
 * set (CI runs the API suite both ways), a fresh database on that PostgreSQL server. Background jobs
 * do not run on a timer: tests call `app.jobs.drain()` when they want queued work done.
 * Pass `databaseUrl` to reopen the database of an earlier app (restart tests).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildAppOptions & { dataDir?: string; databaseUrl?: string } = {},
): Promise<TestApp & { databaseUrl: string | undefined; dropDatabase(): Promise<void> }> {
  const { dataDir: givenDataDir, databaseUrl: givenUrl, ...buildOptions } = options;
  const dataDir = seedDataDir(givenDataDir ?? makeDataDir());
  const database = !givenUrl && process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const databaseUrl = givenUrl ?? database?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://sauti.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config, { logger: false, startJobs: false, ...buildOptions });
  return {
    app,
    config,
    dataDir,
    databaseUrl,
    dropDatabase: async () => database?.drop(),
    async close({ remove = true } = {}) {
      await app.close();
      if (remove) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
  };
}

export type StartedTestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The app of a describe block's tests, as catalogAppForBlock has one: startTestApp(`env`) before
 * them (handed to `ready`), closed after them.
 */
export function testAppForBlock(ready: (t: StartedTestApp) => void, env: Record<string, string> = {}): void {
  let started: StartedTestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env);
    ready(started);
  }, 120_000);
  afterAll(async () => {
    await started?.close();
  });
}

/** A unique address per call, so tests sharing one PostgreSQL database never collide. */
export function uniqueEmail(prefix = 'artist'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function uniqueName(prefix = 'Artist'): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 10)}`;
}

/** The `name=value` pair of a Set-Cookie header, ready for a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.find((c) => c.startsWith('sauti_sid=')) : setCookie;
  if (!header?.startsWith('sauti_sid=')) throw new Error('no session cookie was set');
  return header.split(';')[0]!;
}
