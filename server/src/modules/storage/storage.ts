import type { Readable } from 'node:stream';

/**
 * A byte range of a stored object, ready to send. Small ranges come as one buffer (from a pool:
 * call release once it has been written); larger ones as a stream.
 */
export type RangeBody = { buffer: Buffer; release(): void } | { stream: Readable };

/**
 * Where media lives: local disk under DATA_DIR/media, or an S3-compatible bucket. Keys are made
 * by the server (storage-keys.ts), never from a client's file name. Every write is atomic: an
 * object is either absent or complete.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Human description for the startup line (no secrets). */
  readonly description: string;
  /**
   * Moves a complete local file (under the scratch folder) into storage under `key`. The source
   * file is gone afterwards, whether or not the call succeeded.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Stores a small in-memory object (cover thumbnails). */
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A small object, whole (cover originals for resizing, thumbnails). */
  read(key: string): Promise<Buffer>;
  /** Bytes start..end (inclusive) of an object of the given size. */
  readRange(key: string, start: number, end: number): Promise<RangeBody>;
  /**
   * A local file holding the object, for ffmpeg and sharp: the stored file itself on local disk,
   * a downloaded scratch copy on S3. Call release when done.
   */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Deletes objects; absent ones are fine. */
  delete(keys: string[]): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every key under a prefix ('' for all): housekeeping and tests. */
  list(prefix: string): Promise<string[]>;
  /** Throws AppError 'storage.unavailable' unless the store can be written now (checked before an upload starts). */
  assertReachable(): Promise<void>;
  close(): Promise<void>;
}

export class StorageKeyError extends Error {}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys are ours, but a bug must never turn one into a path outside the media folder. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.length > 512) throw new StorageKeyError(`unsafe storage key: ${key}`);
}

export function assertSafePrefix(prefix: string): void {
  if (prefix === '') return;
  if (!prefix.endsWith('/')) throw new StorageKeyError(`storage prefix must end with '/': ${prefix}`);
  assertSafeKey(prefix.slice(0, -1));
}
