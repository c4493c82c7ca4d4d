import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('shares one load between concurrent misses and serves the value until it expires', async () => {
    const cache = new TtlCache<string, number>(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('does not let a load that raced an invalidation put the old value back', async () => {
    const cache = new TtlCache<string, string>(60_000, 10);
    let release!: (value: string) => void;
    const slow = cache.get('track', () => new Promise((resolve) => (release = resolve)));
    cache.invalidate('track');
    release('before the edit');
    expect(await slow).toBe('before the edit');
    expect(await cache.get('track', async () => 'after the edit')).toBe('after the edit');
  });

  it('keeps sharing the load that began after an invalidation, when the older one ends', async () => {
    const cache = new TtlCache<string, string>(60_000, 10);
    let releaseOld!: (value: string) => void;
    const old = cache.get('track', () => new Promise((resolve) => (releaseOld = resolve)));
    cache.invalidate('track');
    let loads = 0;
    let releaseNew!: (value: string) => void;
    const newer = cache.get('track', () => {
      loads++;
      return new Promise((resolve) => (releaseNew = resolve));
    });
    releaseOld('old');
    await old;
    const joined = cache.get('track', async () => {
      loads++;
      return 'a third load';
    });
    releaseNew('new');
    expect(await Promise.all([newer, joined])).toEqual(['new', 'new']);
    expect(loads).toBe(1);
  });

  it('keeps at most maxEntries', async () => {
    const cache = new TtlCache<number, number>(60_000, 2);
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    let reloaded = false;
    await cache.get(1, async () => {
      reloaded = true;
      return 1;
    });
    expect(reloaded).toBe(true);
  });
});

describe('TtlCache.clear', () => {
  it('forgets every entry and refuses a racing load', async () => {
    const cache = new TtlCache<string, string>(60_000, 10);
    await cache.get('a', async () => 'old a');
    let release!: (value: string) => void;
    const slow = cache.get('b', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('old b');
    await slow;
    expect(await cache.get('a', async () => 'new a')).toBe('new a');
    expect(await cache.get('b', async () => 'new b')).toBe('new b');
  });
});
