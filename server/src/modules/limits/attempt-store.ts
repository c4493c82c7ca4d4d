import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Fixed-window attempt counters: per client address and route (@fastify/rate-limit) and per
 * e-mail address (sign-in, mail sends). With several processes the counters must be one, or N
 * processes would allow N times the attempts (docs/decisions/024).
 */
export interface AttemptStore {
  hit(key: string, windowMs: number): Promise<AttemptCount>;
  reset(key: string): Promise<void>;
  /** Attempts in the current window, without counting one (0 when none): a limit on failures checks it first. */
  peek(key: string): Promise<number>;
  /** Forgets windows that have ended (a scheduled job). */
  sweep(): Promise<void>;
}

/** One process owns the database (embedded mode): counting in memory is exact, and costs no query. */
export class MemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<AttemptCount> {
    const now = this.now();
    if (this.windows.size > 50_000) await this.sweep();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  async sweep(): Promise<void> {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Counters in PostgreSQL, shared by every process: one upsert per attempt, atomic under concurrency. */
export class DbAttemptStore implements AttemptStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<AttemptCount> {
    const result = await this.db.execute<{ count: number; reset_in_ms: number }>(sql`
      INSERT INTO ${rateLimits} AS r (key, count, reset_at)
      VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
        reset_at = CASE WHEN r.reset_at <= now() THEN now() + make_interval(secs => ${windowMs / 1000}) ELSE r.reset_at END
      RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - now())) * 1000))::int AS reset_in_ms`);
    const row = result.rows[0]!;
    return { count: Number(row.count), resetInMs: Number(row.reset_in_ms) };
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${rateLimits} WHERE key = ${key}`);
  }

  async peek(key: string): Promise<number> {
    const result = await this.db.execute<{ count: number }>(sql`SELECT count FROM ${rateLimits} WHERE key = ${key} AND reset_at > now()`);
    return Number(result.rows[0]?.count ?? 0);
  }

  async sweep(): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${rateLimits} WHERE reset_at <= now()`);
  }
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store contract over an AttemptStore: each route counts under its own
 * prefix (method and URL), as the library's own in-memory store does with one map per route.
 */
export function rateLimitStoreFor(store: AttemptStore) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    /** The library passes its options first; only the prefix matters here. */
    constructor(
      _options?: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      store.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    // Typed as the route's options; at run time the library passes its merged settings with `routeInfo`.
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(options, `route:${method}:${route?.url ?? ''}:`);
    }
  };
}
