/**
 * A small in-memory cache with a time to live and a bound on entries, with single-flight loads
 * (concurrent misses for one key share one load). Each process has its own: entries expire
 * quickly, and this process's own changes invalidate them at once.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly loading = new Map<K, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A load that raced an invalidation must not put the old value back.
        if (generation === this.generation) this.set(key, value);
        return value;
      })
      .finally(() => {
        // After an invalidation, a newer load may hold this key: leave it be.
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  set(key: K, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  invalidate(key: K) {
    this.generation++;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /** Forgets the entries whose value matches (and any load in flight, which may hold one). */
  deleteWhere(matches: (value: V) => boolean) {
    this.generation++;
    this.loading.clear();
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  /** Forgets everything: for changes that touch entries the caller cannot name one by one. */
  clear() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}
