import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';

export interface JobContext {
  attempt: number;
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

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

export interface EnqueueOptions {
  /** Enqueue inside the caller's transaction: the job exists exactly when the change it belongs to does. */
  tx?: DbOrTx;
  delayMs?: number;
  maxAttempts?: number;
}

const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60 * 60 * 1000;
const KEEP_FINISHED_DAYS = 7;

/** Delay before the next attempt: 5 s, 10 s, 20 s ... up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/**
 * A durable job queue in the database. Jobs are claimed with FOR UPDATE SKIP LOCKED under a
 * lease, so a job whose worker died is picked up again, and several processes can share one
 * PostgreSQL queue. Each kind runs in its own lane with its own concurrency.
 */
export class JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollIntervalMs = 1_000,
  ) {}

  register<P>(kind: string, handler: JobHandler<P>, options: { concurrency?: number; leaseMs?: number } = {}) {
    this.lanes.set(kind, {
      kind,
      handler: handler as JobHandler<unknown>,
      concurrency: options.concurrency ?? 1,
      leaseMs: options.leaseMs ?? 5 * 60 * 1000,
      running: 0,
    });
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
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
    this.timer.unref();
  }

  private async poll() {
    if (this.abort.signal.aborted) return;
    try {
      for (const lane of this.lanes.values()) {
        while (lane.running < lane.concurrency && !this.abort.signal.aborted) {
          const job = await this.claim(lane);
          if (!job) break;
          const task = this.run(lane, job).finally(() => {
            this.inFlight.delete(task);
            this.nudge();
          });
          this.inFlight.add(task);
        }
      }
      await this.cleanUp();
    } catch (error) {
      if (!this.abort.signal.aborted) this.log.error({ err: error }, 'job queue poll failed');
    }
    if (!this.abort.signal.aborted) this.schedule(this.pollIntervalMs);
  }

  private async claim(lane: Lane): Promise<ClaimedJob | undefined> {
    const result = await this.db.execute<ClaimedJob>(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        lease_until = now() + make_interval(secs => ${lane.leaseMs / 1000})
      WHERE id = (
        SELECT id FROM jobs
        WHERE kind = ${lane.kind}
          AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now()))
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts`);
    return result.rows[0];
  }

  private async run(lane: Lane, job: ClaimedJob) {
    lane.running++;
    try {
      await lane.handler(job.payload, { attempt: job.attempts, signal: this.abort.signal });
      // The payload may hold links with tokens: it is not kept once the job has done its work.
      await this.db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), lease_until = NULL, last_error = NULL, payload = '{}'::jsonb
        WHERE id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, failed, error: message }, 'job attempt failed');
      await this.db.execute(sql`
        UPDATE jobs SET
          status = ${failed ? 'failed' : 'queued'},
          run_at = now() + make_interval(secs => ${retryDelayMs(job.attempts) / 1000}),
          lease_until = NULL,
          last_error = ${message.slice(0, 2000)},
          finished_at = ${failed ? sql`now()` : sql`NULL`}
        WHERE id = ${job.id}`);
    } finally {
      lane.running--;
    }
  }

  private lastCleanUp = 0;

  private async cleanUp() {
    if (Date.now() - this.lastCleanUp < 60 * 60 * 1000) return;
    this.lastCleanUp = Date.now();
    await this.db.execute(sql`
      DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`);
  }
}
