import { describe, expect, it, vi } from 'vitest';
import { HotObjects } from './hot-objects';
import type { Storage } from './storage';

function fakeStorage(objects: Record<string, Buffer>) {
  const read = vi.fn(async (key: string) => objects[key]!);
  return { storage: { read } as unknown as Storage, read };
}

describe('HotObjects', () => {
  it('keeps a copy of an object asked for often, and serves it from memory', async () => {
    const body = Buffer.alloc(1000, 1);
    const { storage, read } = fakeStorage({ a: body });
    const hot = new HotObjects(storage, 10_000, 5_000, 3);
    expect(hot.get('a', 1000)).toBeUndefined();
    expect(hot.get('a', 1000)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
    expect(hot.get('a', 1000)).toBeUndefined();
    await vi.waitFor(() => expect(hot.get('a', 1000)).toBe(body));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('never holds more than its byte budget, dropping the least recently used first', async () => {
    const objects = { a: Buffer.alloc(4000, 1), b: Buffer.alloc(4000, 2), c: Buffer.alloc(4000, 3) };
    const { storage } = fakeStorage(objects);
    const hot = new HotObjects(storage, 10_000, 5_000, 1);
    hot.get('a', 4000);
    await vi.waitFor(() => expect(hot.get('a', 4000)).toBe(objects.a));
    hot.get('b', 4000);
    await vi.waitFor(() => expect(hot.get('b', 4000)).toBe(objects.b));
    // a was used before b; taking c goes over 10,000 bytes, so a goes.
    hot.get('c', 4000);
    await vi.waitFor(() => expect(hot.get('c', 4000)).toBe(objects.c));
    expect(hot.get('b', 4000)).toBe(objects.b);
    expect(hot.get('a', 4000)).toBeUndefined();
  });

  it('does not copy an object larger than its per-object limit', () => {
    const { storage, read } = fakeStorage({ big: Buffer.alloc(6000) });
    const hot = new HotObjects(storage, 10_000, 5_000, 1);
    expect(hot.get('big', 6000)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
  });
});
