import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Storage } from '../storage';

/** One stored object to put in a ZIP, under a name made by download-names.ts. */
export interface ZipEntrySource {
  name: string;
  key: string;
  /** Bytes, as recorded at upload: the ZIP's length is computed from it, and yazl checks it. */
  size: number;
  mtime: Date;
}

export interface StreamedZip {
  /** The ZIP's bytes; ends after the central directory, or is destroyed with an error. */
  stream: Readable;
  /** Its exact length in bytes (store mode, sizes known): the Content-Length. */
  size: number;
  /** Stops reading storage and releases everything (the client went away). Idempotent. */
  destroy(): void;
}

/** A stored object's bytes as a stream (a small one comes as a pooled buffer: copied, and the buffer given back at once). */
async function openStored(storage: Storage, key: string, size: number): Promise<Readable> {
  if (size === 0) return new PassThrough().end();
  const body = await storage.readRange(key, 0, size - 1);
  if ('stream' in body) return body.stream;
  const copy = Buffer.from(body.buffer);
  body.release();
  return new PassThrough().end(copy);
}

/**
 * A ZIP of stored objects, streamed in store mode (audio and JPEG/PNG do not compress; DESIGN.md
 * "Album ZIPs"), with yazl (docs/decisions/027). Objects are opened one after another, only when
 * the previous one has been written, and flow through with backpressure: memory stays flat
 * whatever the album's size, and at most one storage stream (file handle or S3 GET) is open per
 * download. The first entry's header is written at once, before any storage read.
 * If the output is destroyed early (the client disconnected), the object being read is
 * destroyed too and no further one is opened; a storage error destroys the output with it.
 */
export function streamZip(storage: Storage, entries: ZipEntrySource[]): StreamedZip {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only NodeJS.ReadableStream).
  const output = zip.outputStream as PassThrough;
  let current: Readable | undefined;
  let stopped = false;

  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    current?.destroy();
    current = undefined;
    if (!output.destroyed) output.destroy(error);
  };
  zip.on('error', (error: Error) => stop(error));
  output.once('close', () => {
    // Ended normally (everything read) or destroyed by the consumer: either way nothing more to read.
    if (!output.readableEnded) stop();
  });

  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime: entry.mtime, mode: 0o100644 }, (callback) => {
      if (stopped) return;
      openStored(storage, entry.key, entry.size).then(
        (stream) => {
          if (stopped) {
            stream.destroy();
            return;
          }
          current = stream;
          stream.once('error', (error) => stop(error));
          stream.once('close', () => {
            if (current === stream) current = undefined;
          });
          callback(null, stream);
        },
        (error: Error) => stop(error),
      );
    });
  }

  let size = -1;
  // With no addFile() entry, yazl calls back during end(): store mode and known sizes give the exact length.
  const onTotalSize = (total: number) => {
    size = total;
  };
  // @types/yazl declares the callback without its argument.
  zip.end(undefined, onTotalSize as unknown as () => void);
  if (size < 0) {
    stop();
    throw new Error('the ZIP length could not be computed');
  }
  return { stream: output, size, destroy: () => stop() };
}
