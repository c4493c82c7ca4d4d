import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LEASE_MS } from '../../src/modules/uploads/resumable-locker';
import { PART_BYTES } from '../../src/modules/uploads/resumable-store';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { freePort, listening, startServer, type ServerProcess } from '../support/server-process';
import { createTestDatabase, makeDataDir, uniqueEmail, uniqueName } from '../support/test-app';
import { TusClient } from '../support/tus-client';

/**
 * Faults a real deployment meets (issue 22, docs/decisions/036): a server process on PostgreSQL
 * whose database connections are cut from outside, as a restart or a failover cuts them.
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('The multi-process tests need DATABASE_URL (a PostgreSQL server): npm run test:multi');

let database: { url: string; drop(): Promise<void> };
let admin: pg.Client;
let server: ServerProcess;
let baseUrl: string;
let dataDir: string;

const register = (email: string, url = baseUrl) =>
  fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a long test password', displayName: uniqueName('Fault') }),
  });

/** Polls (no event tells us) until `query` answers a row with a truthy first column; answers it. */
async function pollUntil<T>(query: string, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<Record<string, T>>(query);
    const value = rows[0] && Object.values(rows[0])[0];
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // What was still pending, so a timeout says why.
  const { rows } = await admin.query(`SELECT kind, status, run_at, attempts FROM jobs WHERE status <> 'done'`);
  throw new Error(`waited 30 s for ${what}; jobs not done: ${JSON.stringify(rows)}`);
}

/**
 * The backend of the app's database waiting on a lock. (Its query text is not yet the waiting
 * statement's: a parameterised statement takes its locks while parsed, before it is reported.)
 */
const backendWaitingOnLock = () =>
  pollUntil<number>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    'a backend waiting on a lock',
  );

/**
 * The sweep of e-mail tokens a fresh process offers (the one job that would also wait on the
 * locked table) is behind us. Only that kind: the killed-holder test before this one leaves other
 * work behind (a job its SIGKILLed process held until the lease lapses, a mail retried later), and
 * waiting for every job to settle once timed out in CI for that.
 */
const tokenSweepDone = () =>
  pollUntil<boolean>(
    `SELECT count(*) > 0 AND count(*) FILTER (WHERE status IN ('queued', 'running')) = 0 FROM jobs WHERE kind = 'auth.sweep'`,
    'the sweep of e-mail tokens',
  );

beforeAll(async () => {
  database = await createTestDatabase(serverUrl);
  const port = await freePort();
  dataDir = makeDataDir();
  baseUrl = `http://127.0.0.1:${port}`;
  server = startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: 'http://sauti.test' });
  await listening(server);
  admin = new pg.Client({ connectionString: database.url });
  // The last test cuts this connection too.
  admin.on('error', () => {});
  await admin.connect();
}, 120_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin?.end().catch(() => {});
  await database?.drop();
});

describe('a process killed while it holds a resumable upload', () => {
  it('lets another process continue the upload within the lock lease', async () => {
    const s3: TestS3 = await startS3Server();
    const node = async () => {
      const port = await freePort();
      const dir = makeDataDir();
      const spawned = startServer({ DATABASE_URL: database.url, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: 'http://sauti.test', ...s3.env });
      await listening(spawned);
      return { process: spawned, url: `http://127.0.0.1:${port}`, dir };
    };
    const [a, b] = [await node(), await node()];
    try {
      // Signed in without the mailed link: either process may send the mail.
      const email = uniqueEmail('killed');
      expect((await register(email, a.url)).status).toBe(201);
      await admin.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
      const login = await fetch(`${a.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a long test password' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sauti_sid='))!.split(';')[0]!;
      // Over two parts of bytes (tus stores them as they come, whatever they are; nothing here is finished).
      const file = path.join(a.dir, 'kill.bin');
      fs.writeFileSync(file, randomBytes(2 * PART_BYTES + 300_000));
      const size = fs.statSync(file).size;
      const onA = new TusClient(a.url, cookie);
      const onB = new TusClient(b.url, cookie);
      const created = await onA.create(size, { filename: 'kill.mp3' });
      expect(created.status).toBe(201);
      const url = created.headers.location!;
      // A has stored one part and is filling the next, holding the upload's lock, when it is killed.
      let hung: (() => void) | undefined;
      // Its connection ends with the process (a reset): what the client sees of a killed server.
      const cutAfter = PART_BYTES + 200_000;
      const onDeadA = onA.patch(url, file, 0, { cutAfter, received: () => new Promise<void>((resolve) => (hung = resolve)) }).catch(() => undefined);
      const id = url.split('/').pop()!;
      await pollUntil<boolean>(`SELECT lock_token IS NOT NULL AND received = ${PART_BYTES} FROM resumable_uploads WHERE id = '${id}'`, "A's first part");
      a.process.child.kill('SIGKILL');
      await a.process.exited;
      const killedAt = performance.now();

      // B answers the resume once the dead holder's lease has lapsed, at the end of the part A
      // stored: only the part A was filling is sent again.
      const offset = await onB.offset(url);
      const resumedAfterMs = performance.now() - killedAt;
      expect(resumedAfterMs).toBeLessThan(LEASE_MS + 2_000);
      expect(offset).toBe(PART_BYTES);
      expect((await onB.patch(url, file, offset))?.status).toBe(204);
      expect(await onB.offset(url)).toBe(size);
      hung?.();
      await onDeadA;
      console.log(`killed holder: resumed on the other process after ${resumedAfterMs.toFixed(0)} ms, at offset ${offset} of the ${cutAfter} bytes sent`);
    } finally {
      a.process.child.kill('SIGKILL');
      b.process.child.kill('SIGTERM');
      expect(await b.process.exited, b.process.output()).toBe(0);
      for (const dir of [a.dir, b.dir]) fs.rmSync(dir, { recursive: true, force: true });
      await s3.close();
    }
  });
});

describe('a database connection cut from outside', () => {
  it('answers 503 with Retry-After to the request whose transaction was cut, lives on, and answers the next one', async () => {
    const email = uniqueEmail('cut');
    // Registering opens a transaction (the account, its verification token, its mail); with the
    // tokens table locked it stops inside that transaction, holding a checked-out connection.
    await tokenSweepDone();
    await admin.query('BEGIN');
    let cut: Response;
    let cutAt: number;
    try {
      await admin.query('LOCK TABLE email_tokens IN ACCESS EXCLUSIVE MODE');
      const pending = register(email);
      // Should the request answer without ever waiting on the lock (seen once in CI under load),
      // fail at once with its answer and the server's log instead of after a silent 30 s poll.
      let waiting = true;
      const answeredFirst = pending.then(async (response) => {
        if (waiting) throw new Error(`register answered ${response.status} before waiting on the lock: ${await response.clone().text()}\n${server.output()}`);
        return 0;
      });
      answeredFirst.catch(() => {});
      const pid = await Promise.race([backendWaitingOnLock(), answeredFirst]);
      waiting = false;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      cutAt = performance.now();
      cut = await pending;
    } finally {
      await admin.query('ROLLBACK');
    }

    expect(cut.status, server.output()).toBe(503);
    expect(cut.headers.get('retry-after')).toBe('5');
    expect(await cut.json()).toEqual({
      code: 'database.unavailable',
      message: 'Sauti cannot reach its database just now. Please try again in a few seconds.',
    });
    expect(server.child.exitCode).toBeNull();

    // The retry succeeds, and the cut transaction left nothing behind (the account is made once).
    const retried = await register(email);
    const answeredAgainMs = performance.now() - cutAt;
    expect(retried.status, server.output()).toBe(201);
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(rows[0].n).toBe(1);
    expect(server.output()).not.toContain('Connection terminated unexpectedly\n    at');
    console.log(`answered again ${answeredAgainMs.toFixed(0)} ms after pg_terminate_backend`);
  });

  it('answers 503 with Retry-After while the database takes no connections at all, and serves again as soon as it does', async () => {
    const login = () =>
      fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'a long test password' }),
      });
    const name = database.url.split('/').pop()!;
    // From another database: the app's own cannot be closed to connections from inside.
    const other = new pg.Client({ connectionString: serverUrl });
    await other.connect();
    // As during a restart: every connection cut, and new ones refused.
    await other.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    try {
      await other.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const down = await login();
      expect(down.status, server.output()).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(await down.json()).toEqual({ code: 'database.unavailable', message: 'Sauti cannot reach its database just now. Please try again in a few seconds.' });
    } finally {
      await other.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await other.end();
    }
    const backAt = performance.now();
    const up = await login();
    // An unknown address: the answer of a working server.
    expect(up.status).toBe(401);
    expect(server.child.exitCode).toBeNull();
    console.log(`database back: answered in ${(performance.now() - backAt).toFixed(0)} ms`);
  });
});
