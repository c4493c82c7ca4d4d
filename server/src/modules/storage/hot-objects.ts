import { LRUCache } from 'lru-cache';
import type { Storage } from './storage';

/**
 * Whole copies of the most requested small objects (stream renditions), least recently used out
 * first, within a byte budget. A player asks for one file in many ranges, and many listeners ask
 * for the same few tracks: from memory a range is a slice of a buffer, with no file read (local
 * disk) and no request to the bucket (S3). Stored objects never change (a new upload gets a new
 * key), so a copy is never stale: a deleted object is no longer asked for, and ages out.
 */
export class HotObjects {
  private readonly entries: LRUCache<string, Buffer>;
  private readonly hits = new Map<string, number>();
  private readonly loading = new Set<string>();

  constructor(
    private readonly storage: Storage,
    private readonly budgetBytes = 64 * 1024 * 1024,
    private readonly maxObjectBytes = 8 * 1024 * 1024,
    /** Requests for a key before it is worth a copy: a file listened to once stays on disk. */
    private readonly hitsBeforeLoad = 3,
  ) {
    this.entries = new LRUCache<string, Buffer>({ maxSize: budgetBytes, sizeCalculation: (body) => body.length });
  }

  /** The object's bytes if held; otherwise counts the request and may start loading a copy. */
  get(key: string, size: number): Buffer | undefined {
    const body = this.entries.get(key);
    if (body) return body;
    if (size > this.maxObjectBytes || size > this.budgetBytes) return undefined;
    const hits = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, hits);
    if (this.hits.size > 10_000) this.hits.clear();
    if (hits >= this.hitsBeforeLoad && !this.loading.has(key)) this.load(key, size);
    return undefined;
  }

  private load(key: string, size: number) {
    this.loading.add(key);
    this.storage
      .read(key)
      .then((body) => {
        if (body.length !== size || this.entries.has(key)) return;
        this.entries.set(key, body);
        this.hits.delete(key);
      })
      .catch(() => {
        // Served from storage meanwhile; a later request tries again.
      })
      .finally(() => this.loading.delete(key));
  }
}
