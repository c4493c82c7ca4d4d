import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { JobQueue } from './queue';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;

/** A kind of its own per test: queues built here never run another test's jobs. */
const uniqueKind = () => `test.${Math.random().toString(36).slice(2, 10)}`;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function recordingLog() {
  const warn = vi.fn();
  const log = { fatal: vi.fn(), error: vi.fn(), warn, info: vi.fn(), debug: vi.fn(), trace: vi.fn(), silent: vi.fn(), level: 'info', child: () => log };
  return { log: log as unknown as FastifyBaseLogger, warn };
}

/** `since`: whether the lease now ends later than that (timestamps are compared by the database, as text they come back). */
async function jobRow(id: string, since = '-infinity') {
  const result = await db().execute<{ status: string; attempts: number; lease_until: string | null; expired: boolean; later: boolean }>(sql`
    SELECT status, attempts, lease_until, lease_until < now() AS expired, lease_until > ${since}::timestamptz AS later
    FROM jobs WHERE id = ${id}`);
  return result.rows[0]!;
}

/** What a process killed mid-job leaves behind: a claimed row whose lease has not yet run out. */
async function abandonedJob(kind: string, leaseMs: number, attempts = 1): Promise<string> {
  const result = await db().execute<{ id: string }>(sql`
    INSERT INTO jobs (kind, payload, status, attempts, max_attempts, lease_until)
    VALUES (${kind}, '{}'::jsonb, 'running', ${attempts}, 3, now() + make_interval(secs => ${leaseMs / 1000}))
    RETURNING id`);
  return result.rows[0]!.id;
}

// Under a second, yet long enough that a loaded CI machine does not miss two renewals in a row.
const SHORT_LEASE_MS = 900;

/**
 * A worker (shared mode) with a job kind of its own and a short lease, whose job starts
 * (`started`) and then runs until the test lets it end (`release`).
 */
function heldJobQueue() {
  const kind = uniqueKind();
  const { log, warn } = recordingLog();
  const started = deferred();
  const release = deferred();
  const queue = new JobQueue(db(), log, { exclusive: false });
  queue.register(kind, async () => {
    started.resolve();
    await release.promise;
  }, { leaseMs: SHORT_LEASE_MS });
  return { kind, log, warn, started, release, queue };
}

describe('lease heartbeat', () => {
  it('renews the lease of a running job, so another worker never claims it however long it runs', async () => {
    const { kind, log, warn, started, release, queue: worker } = heldJobQueue();
    const other = new JobQueue(db(), log, { exclusive: false });
    const stolen = vi.fn(async () => {});
    other.register(kind, stolen, { leaseMs: SHORT_LEASE_MS });

    const id = await worker.enqueue(kind, {});
    const running = worker.drain([kind]);
    await started.promise;
    const claimed = await jobRow(id);

    // Keep trying to claim until a whole lease has passed beyond the first one: without renewals it would have lapsed.
    await vi.waitFor(
      async () => {
        if ((await other.drain([kind])) > 0) return; // a steal ends the wait, and fails below
        const result = await db().execute<{ passed: boolean }>(sql`
          SELECT now() > ${claimed.lease_until}::timestamptz + make_interval(secs => ${SHORT_LEASE_MS / 1000}) AS passed`);
        if (!result.rows[0]!.passed) throw new Error('the first lease has not yet lapsed');
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(stolen).not.toHaveBeenCalled();
    expect(await jobRow(id, claimed.lease_until!)).toMatchObject({ status: 'running', attempts: 1, expired: false, later: true });

    release.resolve();
    expect(await running).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lease_until: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not extend the lease of a job another worker has re-claimed', async () => {
    const { kind, warn, started, release, queue: stale } = heldJobQueue();

    const id = await stale.enqueue(kind, {});
    const running = stale.drain([kind]);
    await started.promise;
    // What another worker's claim does once this one's lease has lapsed (say, its event loop was blocked).
    await db().execute(sql`UPDATE jobs SET attempts = attempts + 1, lease_until = now() + interval '1 hour' WHERE id = ${id}`);
    const reclaimed = await jobRow(id);

    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith({ jobId: id, kind }, expect.stringContaining('lease lost')), {
      timeout: 5_000,
      interval: 20,
    });
    expect((await jobRow(id)).lease_until).toEqual(reclaimed.lease_until);

    release.resolve();
    await running;
  });

  it('only logs a failed renewal, and the job still completes', async () => {
    const kind = uniqueKind();
    const { log, warn } = recordingLog();
    let down = false;
    // The database as seen through a connection that fails while `down`.
    const flaky = new Proxy(db(), {
      get: (target, property, receiver) =>
        property === 'execute' && down ? () => Promise.reject(new Error('connection lost')) : Reflect.get(target, property, receiver),
    }) as Db;
    const queue = new JobQueue(flaky, log, { exclusive: false });
    queue.register(kind, async () => {
      down = true;
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.objectContaining({ kind }), 'job lease renewal failed'), {
        timeout: 5_000,
        interval: 20,
      });
      down = false;
    }, { leaseMs: SHORT_LEASE_MS });

    const id = await queue.enqueue(kind, {});
    expect(await queue.drain([kind])).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('jobs left running by a dead process', () => {
  it('in exclusive mode (embedded), requeues them at start and runs them without waiting for the lease', async () => {
    const kind = uniqueKind();
    const id = await abandonedJob(kind, 60 * 60 * 1000);
    const ran = deferred<number>();
    // Only the first poll, at start, can run the job within this test.
    const queue = new JobQueue(db(), recordingLog().log, { exclusive: true, pollIntervalMs: 60_000 });
    queue.register(kind, async (_payload, { attempt }) => ran.resolve(attempt));
    queue.start();
    try {
      expect(await ran.promise).toBe(2);
    } finally {
      await queue.stop();
    }
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lease_until: null });
  }, 10_000);

  it('in exclusive mode, drain() runs them too', async () => {
    const kind = uniqueKind();
    const id = await abandonedJob(kind, 60 * 60 * 1000);
    const handler = vi.fn(async () => {});
    const queue = new JobQueue(db(), recordingLog().log, { exclusive: true });
    queue.register(kind, handler);

    expect(await queue.drain([kind])).toBe(1);
    expect(handler).toHaveBeenCalledOnce();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up a job whose last attempt also ended with its process dying, instead of running it forever', async () => {
    const kind = uniqueKind();
    const exhausted = await abandonedJob(kind, 60 * 60 * 1000, 3);
    const handler = vi.fn(async () => {});
    const exclusive = new JobQueue(db(), recordingLog().log, { exclusive: true });
    exclusive.register(kind, handler);
    expect(await exclusive.drain([kind])).toBe(0);
    expect(await jobRow(exhausted)).toMatchObject({ status: 'failed', attempts: 3, lease_until: null });

    const lapsed = await abandonedJob(kind, 1, 3);
    const shared = new JobQueue(db(), recordingLog().log, { exclusive: false });
    shared.register(kind, handler);
    await vi.waitFor(async () => expect((await jobRow(lapsed)).expired).toBe(true), { timeout: 5_000, interval: 20 });
    expect(await shared.drain([kind])).toBe(0);
    expect(handler).not.toHaveBeenCalled();
  });

  it('in shared mode (PostgreSQL server), leaves them to their worker until the lease lapses, then runs them', async () => {
    const kind = uniqueKind();
    const id = await abandonedJob(kind, SHORT_LEASE_MS);
    const handler = vi.fn(async () => {});
    const queue = new JobQueue(db(), recordingLog().log, { exclusive: false });
    queue.register(kind, handler);

    // Another live process may still be running it.
    expect(await queue.drain([kind])).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });

    await vi.waitFor(async () => expect(await queue.drain([kind])).toBe(1), { timeout: 5_000, interval: 20 });
    expect(handler).toHaveBeenCalledOnce();
    expect(handler).toHaveBeenCalledWith({}, expect.objectContaining({ attempt: 2 }));
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('stop()', () => {
  it('waits for the job a poll under way is claiming, so it never runs on a closed database', async () => {
    const kind = uniqueKind();
    const claimed = deferred();
    const gate = deferred();
    let held = false;
    // The database as seen while the claim has done its work but not yet answered.
    const isClaim = (query: unknown) => JSON.stringify(query).includes('FOR UPDATE SKIP LOCKED');
    const slow = new Proxy(db(), {
      get: (target, property, receiver) =>
        property === 'execute'
          ? async (...args: Parameters<Db['execute']>) => {
              const result = await target.execute(...args);
              if (!held && isClaim(args[0])) {
                held = true;
                claimed.resolve();
                await gate.promise;
              }
              return result;
            }
          : Reflect.get(target, property, receiver),
    }) as Db;
    const started = deferred();
    const finish = deferred();
    const queue = new JobQueue(slow, recordingLog().log, { exclusive: false, pollIntervalMs: 60_000 });
    queue.register(kind, async () => {
      started.resolve();
      await finish.promise;
    });
    const id = await queue.enqueue(kind, {});

    queue.start();
    await claimed.promise;
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    gate.resolve();
    await started.promise;
    await new Promise(setImmediate);
    expect(stopped).toBe(false);

    finish.resolve();
    await stopping;
    expect(await jobRow(id)).toMatchObject({ status: 'done' });
  });
});
