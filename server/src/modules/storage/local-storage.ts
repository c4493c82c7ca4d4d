import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/errors';
import { BufferPool } from './buffer-pool';
import { assertSafeKey, assertSafePrefix, type RangeBody, type Storage } from './storage';

interface HandleEntry {
  fd: Promise<number>;
  refs: number;
  closed: boolean;
}

/**
 * Open file descriptors of recently streamed files. A range request then costs one positional
 * read instead of open + read + close. Stored files never change (a new upload gets a new key),
 * so a cached descriptor can only go stale by deletion, which invalidates it.
 */
class FileHandleCache {
  private readonly entries = new Map<string, HandleEntry>();

  constructor(private readonly max = 128) {}

  async acquire(filePath: string): Promise<{ fd: number; release(): void }> {
    let entry = this.entries.get(filePath);
    if (entry) {
      // Map order is the LRU order.
      this.entries.delete(filePath);
      this.entries.set(filePath, entry);
    } else {
      const opened = new Promise<number>((resolve, reject) =>
        fs.open(filePath, 'r', (error, fd) => (error ? reject(error) : resolve(fd))),
      );
      entry = { fd: opened, refs: 0, closed: false };
      this.entries.set(filePath, entry);
      opened.catch(() => {
        if (this.entries.get(filePath) === entry) this.entries.delete(filePath);
      });
      this.evict();
    }
    entry.refs++;
    const held = entry;
    let fd: number;
    try {
      fd = await held.fd;
    } catch (error) {
      held.refs--;
      throw error;
    }
    let released = false;
    return {
      fd,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        if (held.closed && held.refs === 0) this.close(held);
      },
    };
  }

  invalidate(predicate: (filePath: string) => boolean) {
    for (const [filePath, entry] of this.entries) {
      if (!predicate(filePath)) continue;
      this.entries.delete(filePath);
      entry.closed = true;
      if (entry.refs === 0) this.close(entry);
    }
  }

  closeAll() {
    this.invalidate(() => true);
  }

  private evict() {
    for (const [filePath, entry] of this.entries) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(filePath);
      entry.closed = true;
      if (entry.refs === 0) this.close(entry);
    }
  }

  private close(entry: HandleEntry) {
    entry.fd.then(
      (fd) => fs.close(fd, () => {}),
      () => {},
    );
  }
}

function readInto(fd: number, buffer: Buffer, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let filled = 0;
    const step = () =>
      fs.read(fd, buffer, filled, length - filled, position + filled, (error, bytesRead) => {
        if (error) return reject(error);
        filled += bytesRead;
        if (bytesRead === 0 || filled >= length) return resolve(filled);
        step();
      });
    step();
  });
}

/** Media on local disk under DATA_DIR/media; scratch files in DATA_DIR/tmp (same file system, so a rename is atomic). */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly description: string;
  private readonly handles = new FileHandleCache();
  private readonly pool = new BufferPool();

  constructor(
    private readonly root: string,
    private readonly scratchDir: string,
  ) {
    fs.mkdirSync(root, { recursive: true });
    fs.mkdirSync(scratchDir, { recursive: true });
    this.description = `local disk (${root})`;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const target = this.pathOf(key);
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Data on disk before the name appears: a crash leaves the old state or the whole file.
      const handle = await fsp.open(filePath, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fsp.rename(filePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const temporary = `${target}.${randomUUID()}.partial`;
        try {
          await fsp.copyFile(filePath, temporary);
          await fsp.rename(temporary, target);
        } finally {
          await fsp.rm(temporary, { force: true });
        }
      }
    } finally {
      await fsp.rm(filePath, { force: true });
    }
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    const scratch = path.join(this.scratchDir, `put-${randomUUID()}`);
    await fsp.writeFile(scratch, body);
    await this.putFile(key, scratch);
  }

  async read(key: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(key));
  }

  async readRange(key: string, start: number, end: number): Promise<RangeBody> {
    const filePath = this.pathOf(key);
    const length = end - start + 1;
    if (length > this.pool.maxBytes) {
      return { stream: fs.createReadStream(filePath, { start, end, highWaterMark: 256 * 1024 }) };
    }
    const handle = await this.handles.acquire(filePath);
    const lease = this.pool.acquire(length);
    try {
      const bytesRead = await readInto(handle.fd, lease.buffer, length, start);
      if (bytesRead < length) throw new Error(`stored file ${key} is shorter than recorded`);
      return { buffer: lease.buffer.subarray(0, length), release: lease.release };
    } catch (error) {
      lease.release();
      throw error;
    } finally {
      handle.release();
    }
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    const filePath = this.pathOf(key);
    await fsp.access(filePath, fs.constants.R_OK);
    return { path: filePath, release: async () => {} };
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) {
      const filePath = this.pathOf(key);
      this.handles.invalidate((cached) => cached === filePath);
      await fsp.rm(filePath, { force: true });
      await this.removeEmptyParents(path.dirname(filePath));
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    if (prefix === '') throw new Error('refusing to delete all media');
    const dir = this.pathOf(prefix.slice(0, -1));
    this.handles.invalidate((cached) => cached.startsWith(dir + path.sep));
    await fsp.rm(dir, { recursive: true, force: true });
    await this.removeEmptyParents(path.dirname(dir));
  }

  async assertReachable(): Promise<void> {
    try {
      await fsp.access(this.root, fs.constants.W_OK);
    } catch (error) {
      throw Object.assign(new AppError('storage.unavailable'), { cause: error });
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const start = prefix === '' ? this.root : this.pathOf(prefix.slice(0, -1));
    const keys: string[] = [];
    const walk = async (dir: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else keys.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    };
    await walk(start);
    return keys.sort();
  }

  async close(): Promise<void> {
    this.handles.closeAll();
  }

  /** Empty per-artist and per-track folders are removed so the media tree mirrors what exists. */
  private async removeEmptyParents(dir: string) {
    let current = dir;
    while (current.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }
}
