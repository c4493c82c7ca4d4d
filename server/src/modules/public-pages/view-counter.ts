import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { countProfileViews, type PendingView } from './public-pages.repo';

/** A batch goes to the database this long after its first view, or at once when it is this large. */
export const VIEW_FLUSH_MS = 100;
export const VIEW_BATCH_MAX = 500;

const keyOf = (userId: string, viewerHash: string) => `${userId}:${viewerHash}`;

/**
 * Profile views counted off the read path, in batches (docs/decisions/052). A view is buffered and
 * written with the others of the next VIEW_FLUSH_MS in one statement (countProfileViews), which
 * decides by the database's throttle rows, so "once per viewer per profile per 10 minutes" holds
 * across processes exactly as before. This process remembers until when each viewer it has heard
 * of cannot count again (the throttle row's time + the window, as the database answered it), and
 * skips the database for them: a fan reloading the page, or a benchmark's one address, costs no
 * statement. Closing flushes what is buffered; a crash (SIGKILL) loses at most the views of the
 * last VIEW_FLUSH_MS.
 */
export class ViewCounter {
  private buffer: PendingView[] = [];
  /** (profile, viewer) → until when a view cannot count (a buffered view counts as counted). */
  private readonly blockedUntil = new LRUCache<string, number>({ max: 200_000 });
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: () => Db,
    private readonly log: FastifyBaseLogger,
    private readonly windowMs: number,
  ) {}

  /** A view of `userId`'s profile by this viewer, now. */
  add(userId: string, viewerHash: string, at = new Date()): void {
    const key = keyOf(userId, viewerHash);
    if ((this.blockedUntil.get(key) ?? 0) > at.getTime()) return;
    this.blockedUntil.set(key, at.getTime() + this.windowMs);
    this.buffer.push({ userId, viewerHash, at });
    if (this.buffer.length >= VIEW_BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), VIEW_FLUSH_MS);
  }

  /** Writes what is buffered (one statement per VIEW_BATCH_MAX views); resolves once it is stored. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.writeBuffered());
    this.flushing = run.catch(() => {});
    return run;
  }

  private async writeBuffered(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, VIEW_BATCH_MAX);
      try {
        const outcomes = await countProfileViews(this.db(), batch);
        for (const outcome of outcomes) {
          const key = keyOf(outcome.userId, outcome.viewerHash);
          if (outcome.until) this.blockedUntil.set(key, outcome.until.getTime());
          else this.blockedUntil.delete(key);
        }
      } catch (error) {
        // Nothing of the batch was stored (one statement): put it back for the next flush.
        this.buffer.unshift(...batch);
        this.timer ??= setTimeout(() => void this.flush(), VIEW_FLUSH_MS * 10);
        this.log.error({ err: error, views: batch.length }, 'could not count profile views; they stay buffered');
        throw error;
      }
    }
  }

  /** Views buffered and not yet stored. */
  get pending(): number {
    return this.buffer.length;
  }

  /** At close: stops the timer after a last flush. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } catch {
      this.log.error({ views: this.buffer.length }, 'profile views lost at shutdown: the database refused them');
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
