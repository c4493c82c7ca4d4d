import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';
import { migrationsDir, startWorker } from '../paths';
import { ConfigError } from '../config';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: data-access functions accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

// Arbitrary but fixed: every Sauti process migrating one PostgreSQL database takes this lock.
const MIGRATION_LOCK_KEY = 7_382_019_114;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    // bigint sums and counts as numbers: they stay far below 2^53 (money is in minor units).
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Makes a fresh cluster in a worker of its own that then exits. Made in the serving worker, initdb
 * leaves about 350 MiB (two more WebAssembly instances and their buffers) as garbage that only a
 * full collection frees, whenever that comes: the process's memory would depend on GC timing.
 * A thread that exits frees all of it at once (docs/decisions/032-upload-memory.md).
 */
async function initialiseCluster(dbDir: string) {
  const worker = startWorker('pglite', { workerData: { dataDir: dbDir } });
  // once() rejects if the worker emits 'error' first.
  const [code] = (await once(worker, 'exit')) as [number];
  if (code !== 0) throw new Error(`The embedded database could not be created (exit ${code}).`);
}

async function startEmbedded(dataDir: string, onFatal: (error: Error) => void) {
  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) await initialiseCluster(dbDir);
  // Unix socket paths are limited to ~107 bytes, so the socket lives in a short temporary folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-pg-'));
  const worker = startWorker('pglite', {
    workerData: { dataDir: dbDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
    // The worker's JS turns each query's protocol bytes into short-lived buffers; under many
    // concurrent uploads its young generation grew to its default of tens of MiB before a
    // scavenge, and that growth counted against the per-upload memory budget (decision 086).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  let closing = false;
  const startup = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database stopped during startup (exit ${code}).`)));
  });
  await startup;
  worker.on('error', (error) => {
    if (!closing) onFatal(error);
  });
  worker.on('exit', (code) => {
    if (!closing) onFatal(new Error(`The embedded database stopped unexpectedly (exit ${code}).`));
  });
  // PGlite runs one query at a time: a single connection avoids queueing inside the socket server.
  const pool = new pg.Pool({ host: socketDir, database: 'postgres', user: 'postgres', max: 1, types });
  return {
    pool,
    async close() {
      closing = true;
      await pool.end();
      worker.postMessage({ type: 'close' });
      await Promise.race([once(worker, 'message'), once(worker, 'exit')]);
      await worker.terminate();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    // Two processes starting together must not both apply the same migration.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  onFatal?: (error: Error) => void;
}

/** Why a PostgreSQL server cannot be used, as one line for the operator (never the URL: it may hold a password). */
const UNUSABLE_SERVER: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening at its host and port',
  ENOTFOUND: 'its host name is unknown',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'the server does not answer',
  EHOSTUNREACH: 'its host cannot be reached',
  '3D000': 'the database does not exist',
  '28P01': 'the server refused the user name or password',
  '28000': 'the server refused the user',
};

function unusableServer(error: unknown): ConfigError | undefined {
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? UNUSABLE_SERVER[code] : undefined;
  return reason ? new ConfigError(`DATABASE_URL cannot be used: ${reason} (${String(code)}).`) : undefined;
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const onFatal =
    options.onFatal ??
    ((error: Error) => {
      throw error;
    });
  let pool: pg.Pool;
  let closeBackend: () => Promise<void>;
  let kind: Database['kind'];
  if (options.databaseUrl) {
    // A server that does not answer (a failover in progress) fails a request in 10 s rather than holding it.
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 10_000, types });
    closeBackend = () => pool.end();
    kind = 'postgres';
  } else {
    const embedded = await startEmbedded(options.dataDir, onFatal);
    pool = embedded.pool;
    closeBackend = embedded.close;
    kind = 'embedded';
  }
  // A client that loses its server (a restart, a failover, pg_terminate_backend) emits 'error': an
  // idle one on the pool, a checked-out one (a transaction) on itself. Unheard, either would crash
  // the process; the query in flight rejects anyway and its request answers 503 (isDatabaseUnavailable).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await runMigrations(pool);
  } catch (error) {
    await closeBackend();
    throw (kind === 'postgres' && unusableServer(error)) || error;
  }
  return { db: drizzle(pool, { schema }), pool, kind, close: closeBackend };
}
