import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Storage } from '../storage';
import { streamZip, type ZipEntrySource } from './download-zip';

/** Storage holding objects in memory: large ones come as slow streams (as from disk or S3), small ones as pooled buffers. */
function memoryStorage(objects: Record<string, Buffer>, options: { failKey?: string } = {}) {
  const opened: Readable[] = [];
  let released = 0;
  const storage = {
    async readRange(key: string, start: number, end: number) {
      if (key === options.failKey) throw new Error('storage is down');
      const bytes = objects[key]!.subarray(start, end + 1);
      if (bytes.length <= 64 * 1024) return { buffer: Buffer.from(bytes), release: () => released++ };
      let offset = 0;
      const stream = new Readable({
        highWaterMark: 16 * 1024,
        read() {
          // Yields a tick between chunks, like a real source.
          setImmediate(() => {
            if (offset >= bytes.length) return this.push(null);
            this.push(bytes.subarray(offset, offset + 16 * 1024));
            offset += 16 * 1024;
          });
        },
      });
      opened.push(stream);
      return { stream };
    },
  } as unknown as Storage;
  return { storage, opened, released: () => released };
}

function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        expect(entry.compressionMethod).toBe(0);
        file.openReadStream(entry, async (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
      file.readEntry();
    });
  });
}

const entry = (name: string, key: string, objects: Record<string, Buffer>): ZipEntrySource => ({
  name,
  key,
  size: objects[key]!.length,
  mtime: new Date('2026-11-01T10:00:00Z'),
});

describe('streamZip', () => {
  it('streams every object byte for byte in store mode, with its exact length', async () => {
    const objects = { 'a/1.mp3': randomBytes(300_000), 'a/2.wav': randomBytes(1000), 'c/o.jpg': randomBytes(70_000), 'a/3.mp3': Buffer.alloc(0) };
    const { storage, released } = memoryStorage(objects);
    const zip = streamZip(storage, [
      entry('01 - Moja.mp3', 'a/1.mp3', objects),
      entry('02 - Mbili 🔥.wav', 'a/2.wav', objects),
      entry('03 - Tatu.mp3', 'a/3.mp3', objects),
      entry('cover.jpg', 'c/o.jpg', objects),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of zip.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(zip.size);
    const entries = await unzip(bytes);
    expect([...entries.keys()]).toEqual(['01 - Moja.mp3', '02 - Mbili 🔥.wav', '03 - Tatu.mp3', 'cover.jpg']);
    expect(entries.get('01 - Moja.mp3')!.equals(objects['a/1.mp3'])).toBe(true);
    expect(entries.get('02 - Mbili 🔥.wav')!.equals(objects['a/2.wav'])).toBe(true);
    expect(entries.get('03 - Tatu.mp3')!.length).toBe(0);
    expect(entries.get('cover.jpg')!.equals(objects['c/o.jpg'])).toBe(true);
    expect(released()).toBe(1);
  });

  it('opens objects one at a time, and stops reading when the consumer goes away', async () => {
    const objects = { 'a/1': randomBytes(2_000_000), 'a/2': randomBytes(2_000_000), 'a/3': randomBytes(2_000_000) };
    const { storage, opened } = memoryStorage(objects);
    const zip = streamZip(storage, [entry('1', 'a/1', objects), entry('2', 'a/2', objects), entry('3', 'a/3', objects)]);
    let received = 0;
    await expect(
      pipeline(
        zip.stream,
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            received += chunk.length;
            // The client disconnects half way through the first track.
            if (received > 1_000_000) return callback(new Error('client went away'));
            callback();
          },
        }),
      ),
    ).rejects.toThrow('client went away');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.destroyed).toBe(true);
  });

  it('fails the output when storage fails, after the first entry has started', async () => {
    const objects = { 'a/1': randomBytes(200_000), 'a/2': randomBytes(200_000) };
    const { storage } = memoryStorage(objects, { failKey: 'a/2' });
    const zip = streamZip(storage, [entry('1', 'a/1', objects), entry('2', 'a/2', objects)]);
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of zip.stream) received += (chunk as Buffer).length;
      })(),
    ).rejects.toThrow('storage is down');
    expect(received).toBeGreaterThan(200_000);
    expect(received).toBeLessThan(zip.size);
  });
});
