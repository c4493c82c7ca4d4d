import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { withoutQueryParameters } from '../../lib/error-serializer';
import { jobs } from '../../db/schema';

export interface JobContext {
  /** The job's id: the same on every attempt, so a side effect can carry it as its idempotency key. */
  jobId: string;
  attempt: number;
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

interface Schedule {
  kind: string;
  everyMs: number;
}

interface Lane {
  kind: string;
  handler: JobHandler<unknown>;
  concurrency: number;
  leaseMs: number;
  running: number;
}

type ClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

export interface JobQueueOptions {
  /**
   * This process is the only one using the database (embedded mode: the DATA_DIR lock), so a job
   * found 'running' before we claimed anything belongs to a dead process and is requeued at once.
   */
  exclusive: boolean;
  pollIntervalMs?: number;
}

export interface EnqueueOptions {
  /** Enqueue inside the caller's transaction: the job exists exactly when the change it belongs to does. */
  tx?: DbOrTx;
  delayMs?: number;
  maxAttempts?: number;
}

/** Short, because it is renewed while the handler runs: it only lapses when the worker has died. */
const DEFAULT_LEASE_MS = 60_000;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60 * 1000;
const KEEP_FINISHED_DAYS = 7;
/** How often a process offers the scheduled jobs of the current period. */
const SCHEDULE_CHECK_MS = 60_000;
const ABANDONED = 'The process running this job stopped during its last attempt.';
/** Recording a finished job again after a failed try: 200 ms, 400 ms ... up to 5 s between tries. */
const RECORD_RETRY_BASE_MS = 200;
const RECORD_RETRY_MAX_MS = 5_000;
/** Tries left once the queue is stopping (the process is shutting down): then it gives up. */
const RECORD_TRIES_WHEN_STOPPING = 3;

interface HeldLease {
  /** True once a renewal found the job claimed by another worker. */
  readonly lost: boolean;
  /**
   * Runs the job's final update between renewals (never beside one); once it succeeded, no renewal
   * runs again, so none can find the finished job and take it for one claimed by another worker.
   */
  finish(update: () => Promise<unknown>): Promise<void>;
  release(): Promise<void>;
}

/** The period of the hourly scheduled jobs (clean-ups). */
export const HOUR_MS = 60 * 60 * 1000;

/** Delay before the next attempt: 5 s, 10 s, 20 s ... up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/**
 * A durable job queue in the database. Jobs are claimed with FOR UPDATE SKIP LOCKED under a
 * lease that the worker renews while the job runs, so a job whose worker died is picked up again
 * soon after, however long the job takes, and several processes can share one PostgreSQL queue.
 * Each kind runs in its own lane with its own concurrency.
 */
export class JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly schedules: Schedule[] = [];
  private nextScheduleCheck = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private recovery: Promise<void> | undefined;
  /** One poll at a time: two would both see a free slot in a lane and exceed its concurrency. */
  private polling = false;
  private pollAgain = false;
  private readonly exclusive: boolean;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions,
  ) {
    this.exclusive = options.exclusive;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
  }

  register<P>(kind: string, handler: JobHandler<P>, options: { concurrency?: number; leaseMs?: number } = {}) {
    this.lanes.set(kind, {
      kind,
      handler: handler as JobHandler<unknown>,
      concurrency: options.concurrency ?? 1,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      running: 0,
    });
  }

  /**
   * Periodic work (clean-ups), run once per period across every process sharing the database:
   * each process offers the current period's job, and a unique key lets only the first offer in.
   * The job then runs like any other: retried on failure, picked up again if its worker dies.
   */
  scheduleEvery(kind: string, everyMs: number, handler: () => Promise<void>) {
    this.register(kind, async () => handler(), { concurrency: 1 });
    this.schedules.push({ kind, everyMs });
  }

  /** Offers the current period's job of every schedule (each poll does, at most once a minute). */
  async offerScheduled(now = Date.now()): Promise<void> {
    for (const { kind, everyMs } of this.schedules) {
      const period = Math.floor(now / everyMs);
      await this.db.execute(sql`
        INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
        VALUES (${kind}, '{}'::jsonb, ${new Date(period * everyMs).toISOString()}, ${`${kind}:${period}`}, 3)
        ON CONFLICT (dedupe_key) DO NOTHING`);
    }
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
    const runAt = new Date(Date.now() + (options.delayMs ?? 0));
    const [row] = await (options.tx ?? this.db)
      .insert(jobs)
      .values({ kind, payload, runAt, ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}) })
      .returning({ id: jobs.id });
    // Outside a transaction the job is visible now; inside one, the next poll finds it after commit.
    if (!options.tx) this.nudge();
    return row!.id;
  }

  start() {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Looks for ready work now instead of at the next poll. */
  nudge() {
    if (this.started && !this.abort.signal.aborted) this.schedule(0);
  }

  /**
   * Runs every ready job of the given kinds (all by default) in the caller, until none is left.
   * Tests await this instead of sleeping; the CLI can use it too.
   */
  async drain(kinds?: string[]): Promise<number> {
    let processed = 0;
    await Promise.all([...this.inFlight]);
    await this.recoverAbandoned();
    for (;;) {
      const lanes = [...this.lanes.values()].filter((lane) => !kinds || kinds.includes(lane.kind));
      let claimedAny = false;
      for (const lane of lanes) {
        const job = await this.claim(lane);
        if (!job) continue;
        claimedAny = true;
        processed++;
        await this.run(lane, job);
      }
      if (!claimedAny) return processed;
    }
  }

  async stop() {
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    // A poll under way may still start the job it is claiming, after the database is closed unless we wait.
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.track(this.poll()), delayMs);
    this.timer.unref();
  }

  /** stop() and drain() wait for `work`, which must not reject. */
  private track(work: Promise<void>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async poll() {
    if (this.abort.signal.aborted) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    this.pollAgain = false;
    try {
      await this.recoverAbandoned();
      if (Date.now() >= this.nextScheduleCheck) {
        this.nextScheduleCheck = Date.now() + SCHEDULE_CHECK_MS;
        await this.offerScheduled();
      }
      // One query says which kinds have work; only their lanes try to claim (a claim per lane per
      // poll would cost the embedded database a statement per registered kind, however idle).
      const ready = await this.readyKinds();
      for (const lane of this.lanes.values()) {
        if (!ready.has(lane.kind)) continue;
        while (lane.running < lane.concurrency && !this.abort.signal.aborted) {
          const job = await this.claim(lane);
          if (!job) break;
          this.track(
            this.run(lane, job)
              .catch((error: unknown) => this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'could not record a job result'))
              .finally(() => this.nudge()),
          );
        }
      }
    } catch (error) {
      if (!this.abort.signal.aborted) this.log.error({ err: error }, 'job queue poll failed');
    } finally {
      this.polling = false;
    }
    if (!this.abort.signal.aborted) this.schedule(this.pollAgain ? 0 : this.pollIntervalMs);
  }

  /** Exclusive mode only, once, before this queue claims anything (else it would requeue its own work). */
  private recoverAbandoned(): Promise<void> {
    if (!this.exclusive) return Promise.resolve();
    this.recovery ??= this.db
      .execute(sql`
        UPDATE jobs SET
          status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
          finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
          last_error = CASE WHEN attempts >= max_attempts THEN ${ABANDONED} ELSE last_error END,
          lease_until = NULL, run_at = now()
        WHERE status = 'running'`)
      .then(
        (result) => {
          if (result.rowCount) this.log.info({ count: result.rowCount }, 'requeued jobs left running by a stopped process');
        },
        (error: unknown) => {
          this.recovery = undefined; // tried again at the next poll
          throw error;
        },
      );
    return this.recovery;
  }

  private async readyKinds(): Promise<Set<string>> {
    const result = await this.db.execute<{ kind: string }>(sql`
      SELECT DISTINCT kind FROM jobs
      WHERE (status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now() AND attempts < max_attempts)`);
    return new Set(result.rows.map((row) => row.kind));
  }

  private async claim(lane: Lane): Promise<ClaimedJob | undefined> {
    const result = await this.db.execute<ClaimedJob>(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        lease_until = now() + make_interval(secs => ${lane.leaseMs / 1000})
      WHERE id = (
        SELECT id FROM jobs
        WHERE kind = ${lane.kind}
          AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now() AND attempts < max_attempts))
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts`);
    return result.rows[0];
  }

  private async run(lane: Lane, job: ClaimedJob) {
    lane.running++;
    // The lease is held (renewed) until the result is recorded, not only while the handler runs.
    const lease = this.holdLease(lane, job);
    try {
      let failure: { error: unknown } | undefined;
      try {
        await lane.handler(job.payload, { jobId: job.id, attempt: job.attempts, signal: this.abort.signal });
      } catch (error) {
        failure = { error };
      }
      if (!failure) await this.recordDone(job, lease);
      else await this.recordFailure(job, failure.error, lease);
    } finally {
      await lease.release();
      lane.running--;
    }
  }

  /**
   * The handler's work is done (a mail sent, a transfer asked for): recording it must not fall
   * into the failure branch, which would run the work again. A database that is restarting or
   * failing over is tried again, with backoff, while the lease is renewed; it stops only when
   * another worker has claimed the job (its lease lapsed) or the queue is stopping.
   */
  private async recordDone(job: ClaimedJob, lease: HeldLease) {
    for (let tries = 1; ; tries++) {
      try {
        // The payload may hold links with tokens: it is not kept once the job has done its work.
        await lease.finish(() =>
          this.db.execute(sql`
            UPDATE jobs SET status = 'done', finished_at = now(), lease_until = NULL, last_error = NULL, payload = '{}'::jsonb
            WHERE ${this.stillOurs(job)}`),
        );
        if (tries > 1) this.log.info({ jobId: job.id, kind: job.kind, tries }, 'job result recorded after retrying');
        return;
      } catch (error) {
        const givingUp = lease.lost || (this.abort.signal.aborted && tries >= RECORD_TRIES_WHEN_STOPPING);
        if (givingUp) {
          this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'could not record a finished job: it may run again');
          return;
        }
        this.log.warn({ err: error, jobId: job.id, kind: job.kind, tries }, 'recording a finished job failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, Math.min(RECORD_RETRY_BASE_MS * 2 ** (tries - 1), RECORD_RETRY_MAX_MS)));
      }
    }
  }

  private async recordFailure(job: ClaimedJob, error: unknown, lease: HeldLease) {
    const message = withoutQueryParameters(error instanceof Error ? error.message : String(error));
    const failed = job.attempts >= job.max_attempts;
    this.log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts, failed }, 'job attempt failed');
    // If this update fails too, the lease lapses and the job is claimed again: what a failed job wants anyway.
    await lease.finish(() =>
      this.db.execute(sql`
      UPDATE jobs SET
        status = ${failed ? 'failed' : 'queued'},
        run_at = now() + make_interval(secs => ${retryDelayMs(job.attempts) / 1000}),
        lease_until = NULL,
        last_error = ${message.slice(0, 2000)},
        finished_at = ${failed ? sql`now()` : sql`NULL`}
      WHERE ${this.stillOurs(job)}`),
    );
  }

  /** This claim of the job, and no later one: a worker whose lease lapsed must not touch a job re-claimed since. */
  private stillOurs(job: ClaimedJob) {
    return sql`id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}`;
  }

  /** Renews the job's lease every third of it until released. */
  private holdLease(lane: Lane, job: ClaimedJob): HeldLease {
    // Renewals and the final update are chained, so none lands beside or after the final update.
    let renewal = Promise.resolve();
    const state = { lost: false, finished: false };
    const timer = setInterval(() => {
      renewal = renewal.then(async () => {
        if (state.finished) return;
        if (!(await this.renewLease(lane, job))) state.lost = true;
      });
    }, lane.leaseMs / 3);
    timer.unref();
    return {
      get lost() {
        return state.lost;
      },
      finish(update) {
        const finished = renewal.then(async () => {
          await update();
          state.finished = true;
        });
        renewal = finished.catch(() => undefined);
        return finished;
      },
      async release() {
        clearInterval(timer);
        await renewal;
      },
    };
  }

  /** False once the job is found claimed by another worker. */
  private async renewLease(lane: Lane, job: ClaimedJob): Promise<boolean> {
    try {
      // Matching `attempts` too: once another worker has re-claimed the job, this one must not extend its lease.
      const result = await this.db.execute(sql`
        UPDATE jobs SET lease_until = now() + make_interval(secs => ${lane.leaseMs / 1000})
        WHERE ${this.stillOurs(job)}`);
      if (result.rowCount === 0) {
        this.log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost: another worker has claimed the job');
        return false;
      }
    } catch (error) {
      // The next renewal may succeed; until the lease lapses, nobody else takes the job.
      this.log.warn({ err: error, jobId: job.id, kind: job.kind }, 'job lease renewal failed');
    }
    return true;
  }

  /** Forgets finished jobs after a week and gives up on abandoned ones (a scheduled job of its own). */
  async cleanUp() {
    await this.db.execute(sql`
      DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`);
    // A job whose every attempt ended with its worker dying is not claimed again: it is given up.
    await this.db.execute(sql`
      UPDATE jobs SET status = 'failed', finished_at = now(), lease_until = NULL, last_error = ${ABANDONED}
      WHERE status = 'running' AND lease_until < now() AND attempts >= max_attempts`);
  }
}
