import { describe, expect, it } from 'vitest';
import { MemoryAttemptStore } from './attempt-store';

describe('MemoryAttemptStore', () => {
  it('counts attempts per key in a window, then starts again when the window ends', async () => {
    let now = 1_000;
    const store = new MemoryAttemptStore(() => now);
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await store.hit('a@b.co', 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect((await store.hit('other@b.co', 60_000)).count).toBe(1);
    now += 30_000;
    expect(await store.hit('a@b.co', 60_000)).toEqual({ count: 5, resetInMs: 30_000 });
    now += 30_000;
    expect((await store.hit('a@b.co', 60_000)).count).toBe(1);
  });

  it('forgets a key on reset', async () => {
    const store = new MemoryAttemptStore();
    await store.hit('k', 60_000);
    expect((await store.hit('k', 60_000)).count).toBe(2);
    await store.reset('k');
    expect((await store.hit('k', 60_000)).count).toBe(1);
  });

  it('peeks at a count without adding to it, and sees 0 once the window ended (issue 21: a limit on failures checks first)', async () => {
    let now = 1_000;
    const store = new MemoryAttemptStore(() => now);
    expect(await store.peek('k')).toBe(0);
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    expect(await store.peek('k')).toBe(2);
    expect(await store.peek('k')).toBe(2);
    now += 60_000;
    expect(await store.peek('k')).toBe(0);
  });
});
