import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { EventBus } from './events';

/**
 * Public answers kept serialised in this process (docs/decisions/052): the bytes a public read
 * sends to everyone (a profile, a track or album page's data, the landing lists, a rendered page),
 * with their ETag. An entry is dropped by the domain events that change it (each names the
 * `tags` it depends on, e.g. `artist:<id>`), and an event that only moves a count (a play, a
 * download) lets it live at most COUNT_LAG_MS from when it was built. Nothing personal may enter:
 * only answers that are the same for every visitor are put here.
 */
export interface PublicAnswer {
  status: number;
  body: Buffer;
  /** A strong validator: the body's hash (so two processes answer the same ETag for the same bytes). */
  etag: string;
  contentType: string;
  cacheControl: string;
  tags: readonly string[];
  builtAt: number;
  expiresAt: number;
  /**
   * From then on (a count it shows moved, COUNT_LAG_MS after it was built) the answer is built again
   * in the background while it is still sent (decision 060): no fan waits for a rebuild a play caused.
   */
  refreshAt: number;
  /**
   * Shared by an answer and the rebuilds that refreshed it (only counts moved between them); a new
   * one after an event dropped it. A kept page made of an answer of the same lineage may be sent
   * while it is rendered again; of another, never.
   */
  lineage: number;
  /**
   * What reading this answer does besides sending it (a profile read counts a view): run for every
   * request it answers, from this cache or not, and for a page that embeds it.
   */
  onRead?: (request: FastifyRequest) => void;
  /** The same bytes compressed once when built (a kept page's brotli and gzip bodies), with their own ETags. */
  variants?: Partial<Record<'br' | 'gzip', { body: Buffer; etag: string }>>;
  /** ETag and Cache-Control, computed once for every request the answer is sent to (decision 060). */
  headers: Record<string, string>;
}

/** How long a public play or download count may lag behind the database (the answer is rebuilt after). */
export const COUNT_LAG_MS = 2_000;
/** An answer being refreshed is sent at most this long past its refresh time (a rebuild that keeps failing). */
export const REFRESH_GRACE_MS = 5_000;
/** The tag every list that can show any artist's item carries (the landing lists, search). */
export const ANY_ARTIST_TAG = 'artist:*';
export const artistTag = (userId: string) => `artist:${userId}`;

export const etagOf = (body: Buffer | string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this ETag (weak or strong, a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface BuiltAnswer {
  body: Buffer | string;
  tags: readonly string[];
  status?: number;
  contentType?: string;
  cacheControl: string;
  /** At most this long (ms); by default until an event drops it. */
  ttlMs?: number;
  onRead?: (request: FastifyRequest) => void;
  /** The body compressed (bodies the caller compressed once, beside the identity one). */
  variants?: Partial<Record<'br' | 'gzip', Buffer>>;
}

const FOREVER = Number.MAX_SAFE_INTEGER;

export class PublicAnswers {
  private readonly entries: LRUCache<string, PublicAnswer>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<PublicAnswer>>();
  /** How each kept answer is built (for its refresh), by key. */
  private readonly builders = new Map<string, () => Promise<BuiltAnswer>>();
  private lineages = 0;
  /** Bumped by every drop: a build that raced a drop must not put its old answer back. */
  private generation = 0;

  /**
   * `keep`: whether answers may be kept now: only while this process hears of every change
   * (`events.synced`: always in embedded mode; on PostgreSQL while the listening connection is up,
   * decision 053). Otherwise each read is built, still with its ETag. `maxAgeMs` bounds every
   * entry: on PostgreSQL a process that dies between a commit and its notification leaves no other
   * process a stale answer for longer than that.
   */
  constructor(
    private readonly keep: () => boolean,
    private readonly maxAgeMs = Number.MAX_SAFE_INTEGER,
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.entries = new LRUCache<string, PublicAnswer>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.body.length + (entry.variants?.br?.body.length ?? 0) + (entry.variants?.gzip?.body.length ?? 0) + key.length + 200,
      dispose: (entry, key, reason) => {
        this.untag(key, entry.tags);
        if (reason !== 'set') this.builders.delete(key);
      },
    });
  }

  /** The live entry for this key, if any (no build; one past its refresh time starts its rebuild). */
  peek(key: string): PublicAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.refreshAt <= now && !this.loading.has(key)) {
      const build = this.builders.get(key);
      // A failed refresh leaves the entry as it is; the next read tries again (until REFRESH_GRACE_MS).
      if (build) this.load(key, build, entry.lineage).catch(() => {});
    }
    return entry;
  }

  /** The entry for this key, built once however many requests miss it together. */
  async get(key: string, build: () => Promise<BuiltAnswer>): Promise<PublicAnswer> {
    const live = this.peek(key);
    if (live) return live;
    const pending = this.loading.get(key);
    if (pending) return pending;
    return this.load(key, build);
  }

  private load(key: string, build: () => Promise<BuiltAnswer>, lineage?: number): Promise<PublicAnswer> {
    const generation = this.generation;
    const promise = build()
      .then((built) => {
        const body = typeof built.body === 'string' ? Buffer.from(built.body) : built.body;
        const now = Date.now();
        const etag = etagOf(body);
        const variants: PublicAnswer['variants'] = {};
        for (const [encoding, encoded] of Object.entries(built.variants ?? {}) as ['br' | 'gzip', Buffer][]) variants[encoding] = { body: encoded, etag: etagOf(encoded) };
        const entry: PublicAnswer = {
          status: built.status ?? 200,
          body,
          etag,
          variants,
          headers: { ETag: etag, 'Cache-Control': built.cacheControl },
          contentType: built.contentType ?? 'application/json; charset=utf-8',
          cacheControl: built.cacheControl,
          tags: built.tags,
          builtAt: now,
          expiresAt: now + Math.min(built.ttlMs ?? FOREVER, this.maxAgeMs),
          refreshAt: FOREVER,
          lineage: lineage ?? ++this.lineages,
          onRead: built.onRead,
        };
        // Built from rows read before a change this process has since been told of: answer it once, keep nothing.
        if (this.keep() && generation === this.generation) {
          this.put(key, entry);
          this.builders.set(key, build);
        }
        return entry;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** Every entry that depends on this tag is gone now. */
  drop(tag: string): void {
    this.generation++;
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.entries.delete(key);
    // Builds in flight may have read the old rows: the next request builds again.
    this.loading.clear();
  }

  /** A count shown by entries of this tag moved: they live at most COUNT_LAG_MS from when they were built. */
  countsMoved(tag: string): void {
    const now = Date.now();
    for (const key of this.byTag.get(tag) ?? []) {
      const entry = this.entries.peek(key);
      if (!entry) continue;
      entry.refreshAt = Math.min(entry.refreshAt, Math.max(now, entry.builtAt + COUNT_LAG_MS));
      entry.expiresAt = Math.min(entry.expiresAt, entry.refreshAt + REFRESH_GRACE_MS);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.builders.clear();
    this.loading.clear();
  }

  /** Resolves once every build and refresh started so far is done (tests; a refresh runs in the background). */
  async settled(): Promise<void> {
    while (this.loading.size > 0) await Promise.allSettled([...this.loading.values()]);
  }

  get size(): number {
    return this.entries.size;
  }

  private put(key: string, entry: PublicAnswer) {
    this.entries.set(key, entry);
    if (!this.entries.has(key)) return; // larger than the whole budget
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private untag(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }
}

/**
 * Sends a kept answer: its ETag and Cache-Control, and a 304 without a body when the client (or a
 * shared cache revalidating) already holds these bytes. Runs the answer's onRead first: a view
 * counts whether the bytes or a 304 go back.
 */
export function sendPublicAnswer(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer): FastifyReply {
  answer.onRead?.(request);
  reply.headers(answer.headers);
  if (answer.status === 200 && matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.code(answer.status).type(answer.contentType).send(answer.body);
}

/**
 * Cache-Control of public answers that anyone may share (docs/decisions/052): a browser revalidates
 * each time (an artist sees their edit at once), a shared cache (a CDN) may answer for a few
 * seconds and revalidate in the background a few more.
 */
export const SHARED_FOR_SECONDS = 'public, max-age=0, s-maxage=5, stale-while-revalidate=5';
/**
 * Answers whose reading is counted (a profile: its views). A shared cache may keep the bytes but
 * must ask the origin every time (a cheap 304), so every view still reaches the origin and counts.
 */
export const SHARED_REVALIDATE_EACH_TIME = 'public, no-cache';

/** The events that change public answers (docs/decisions/024): each drops what depends on it. */
export function dropPublicAnswersOnEvents(events: EventBus, answers: PublicAnswers): void {
  const changed = ({ userId }: { userId: string }) => {
    answers.drop(artistTag(userId));
    answers.drop(ANY_ARTIST_TAG);
  };
  events.on('track.changed', changed);
  events.on('album.changed', changed);
  // A rename, a photo, a social link (decision 030); an account's sessions ending changes nothing public, but is rare.
  events.on('user.changed', changed);
  // Whether priced items are on sale (`purchasable`, issue 16).
  events.on('payout-method.changed', changed);
  // Counts shown publicly (streamCount, downloadCount): at most COUNT_LAG_MS behind.
  const counted = ({ userId }: { userId: string }) => {
    answers.countsMoved(artistTag(userId));
    answers.countsMoved(ANY_ARTIST_TAG);
  };
  events.on('track.played', counted);
  events.on('track.downloaded', counted);
  // Events of other processes may have been missed (decision 053): nothing kept can be trusted.
  events.on('events.resync', () => answers.clear());
}
