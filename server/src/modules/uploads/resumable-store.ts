import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Db } from '../../db/client';
import { storageKeys, type Storage } from '../storage';
import { commitSegment, deleteUploadRow, expiredUploadIds, findUpload, saveMetadata, segmentsOf } from './resumable.repo';

/** A well-behaved client sends a file in one request per dropped connection; this bounds a bad one. */
export const MAX_SEGMENTS = 1_000;
/**
 * A request's body is stored a part at a time (issue 22): a crash mid-PATCH loses at most one part,
 * which the resume sends again. 1 MiB keeps a 50 MB file to 50 segments, each a write to storage
 * and a row, and a phone on a slow link re-sends at most a few seconds' worth.
 */
export const PART_BYTES = 1024 * 1024;
const TOO_MANY_SEGMENTS = { status_code: 400, body: 'This upload was sent in too many pieces. Please choose the file again.' };

export interface SegmentStoreDeps {
  db: () => Db;
  storage: Storage;
  scratchDir: string;
  /** An upload is gone this long after it was created, finished or not. */
  expirationMs: number;
  log: FastifyBaseLogger;
}

/**
 * Where tus puts the bytes of a resumable upload (docs/decisions/033). The state (size, bytes
 * received, segments) is a row in the database; the bytes are segments in media storage, local
 * disk or the S3 bucket, under uploads/<id>/: each request's body is spooled to a scratch file as
 * it arrives (memory stays flat) and stored as a segment every PART_BYTES and when it ends, cut or
 * not. So any process can answer a HEAD or take the next PATCH, a dropped connection loses nothing
 * that reached the server, and a killed process at most the part it was filling. A segment counts only if the row still had exactly its start offset: two
 * requests racing on one upload cannot both add their bytes.
 */
/** The one buffer an assembly copies through (per upload being assembled). */
const ASSEMBLE_BUFFER_BYTES = 256 * 1024;

export class SegmentStore extends DataStore {
  constructor(private readonly deps: SegmentStoreDeps) {
    super();
    // No deferred length (the quota is checked on the declared size) and no concatenation.
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private get db() {
    return this.deps.db();
  }

  /** The route inserted the row (with the artist, the size and the expiry) before tus got here. */
  override async create(upload: Upload): Promise<Upload> {
    const row = await findUpload(this.db, upload.id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (upload.metadata) await saveMetadata(this.db, upload.id, upload.metadata);
    upload.creation_date = row.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await findUpload(this.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    // Expired but not yet removed by the hourly job: gone all the same (410).
    if (row.expiresAt <= new Date()) throw ERRORS.FILE_NO_LONGER_EXISTS;
    return new Upload({
      id,
      size: row.size,
      offset: row.received,
      metadata: row.metadata ?? undefined,
      creation_date: row.createdAt.toISOString(),
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await findUpload(this.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.segments >= MAX_SEGMENTS) throw TOO_MANY_SEGMENTS;
    let received = offset;
    let part: { path: string; file: fsp.FileHandle; size: number } | undefined;
    // Each full part is stored and counted while the request goes on, so a process killed mid-PATCH
    // (no chance to store what it spooled) loses at most the part it was filling.
    const storePart = async () => {
      if (!part) return;
      const { path: scratch, file, size } = part;
      part = undefined;
      try {
        await file.close();
        if (size === 0) return;
        const key = storageKeys.uploadSegment(id, received);
        await this.deps.storage.putFile(key, scratch, 'application/octet-stream');
        const committed = await commitSegment(this.db, { uploadId: id, start: received, size, storageKey: key }, MAX_SEGMENTS);
        if (committed === undefined) {
          // Another request added bytes at this offset first, or the upload went away: ours do not count.
          await this.deps.storage.delete([key]).catch((error: unknown) => this.deps.log.warn({ err: error, key }, 'could not delete a segment that did not count'));
          throw ERRORS.INVALID_OFFSET;
        }
        received = committed;
      } finally {
        await fsp.rm(scratch, { force: true });
      }
    };
    // tus ends the stream cleanly when the request is cut or asked to let go; an error here is a
    // broken source or the size limit. Either way the bytes that reached the disk are kept.
    let failure: unknown;
    // A part that could not be stored (the bucket is down): the rest of the body is read and
    // dropped, since ending the stream early would reach tus as an abort (a 400, not our 503).
    let storing: unknown;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (storing) continue;
        try {
          let rest = chunk;
          while (rest.length > 0) {
            if (!part) {
              const scratch = path.join(this.deps.scratchDir, `resumable-${randomUUID()}`);
              part = { path: scratch, file: await fsp.open(scratch, 'wx'), size: 0 };
            }
            const take = Math.min(rest.length, PART_BYTES - part.size);
            await part.file.write(rest, 0, take);
            part.size += take;
            rest = rest.subarray(take);
            if (part.size >= PART_BYTES) await storePart();
          }
        } catch (error) {
          storing = error;
        }
      }
    } catch (error) {
      failure = error;
    }
    if (storing) {
      const left = part as { path: string; file: fsp.FileHandle } | undefined;
      await left?.file.close().catch(() => {});
      if (left) await fsp.rm(left.path, { force: true });
      throw storing;
    }
    // The part being filled when the request ended, cut or not.
    await storePart();
    if (failure) throw failure;
    return received;
  }

  override async remove(id: string): Promise<void> {
    // Objects first: a crash in between leaves the row, and the expiry job tries again.
    await this.deps.storage.deletePrefix(storageKeys.uploadPrefix(id));
    await deleteUploadRow(this.db, id);
  }

  override async declareUploadLength(): Promise<void> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }

  override getExpiration(): number {
    return this.deps.expirationMs;
  }

  /** Removes uploads past their expiry (the scheduled job), a batch at a time. */
  override async deleteExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await expiredUploadIds(this.db, 100);
      for (const id of ids) {
        await this.remove(id);
        removed++;
      }
      if (ids.length < 100) return removed;
    }
  }

  /**
   * Writes the upload's bytes, segment after segment, into a new local file. Each segment is read
   * from a local file (the stored one on disk, a scratch copy from S3) through one reused buffer:
   * a stream would make a new 64 KiB Buffer per chunk, and 32 uploads assembling at once left
   * ~100 MiB of them to the collector (decision 033).
   */
  async assemble(id: string, target: string): Promise<number> {
    const row = await findUpload(this.db, id);
    const segments = await segmentsOf(this.db, id);
    const file = await fsp.open(target, 'wx');
    const buffer = Buffer.allocUnsafe(ASSEMBLE_BUFFER_BYTES);
    let written = 0;
    try {
      for (const segment of segments) {
        if (segment.start !== written) throw new Error(`upload ${id}: segment at ${segment.start}, expected ${written}`);
        const local = await this.deps.storage.localFile(segment.storageKey);
        try {
          const source = await fsp.open(local.path, 'r');
          try {
            let copied = 0;
            while (copied < segment.size) {
              const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, segment.size - copied), copied);
              if (bytesRead === 0) throw new Error(`upload ${id}: segment at ${segment.start} ends at ${copied} of ${segment.size} bytes`);
              await file.write(buffer, 0, bytesRead);
              copied += bytesRead;
            }
          } finally {
            await source.close();
          }
        } finally {
          await local.release();
        }
        written += segment.size;
      }
    } finally {
      await file.close();
    }
    if (!row || written !== row.size) throw new Error(`upload ${id}: assembled ${written} bytes of ${row?.size}`);
    return written;
  }
}
