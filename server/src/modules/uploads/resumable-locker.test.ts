import { describe, expect, it, vi } from 'vitest';
import { ProcessLocker, UPLOAD_BUSY } from './resumable-locker';

describe('ProcessLocker (the tus lock in embedded mode)', () => {
  it('asks the holder once to let go, and hands the lock over when it does', async () => {
    const locker = new ProcessLocker();
    const first = locker.newLock('u1');
    const asked = vi.fn();
    await first.lock(new AbortController().signal, asked);

    const second = locker.newLock('u1');
    let taken = false;
    const waiting = second.lock(new AbortController().signal, () => {}).then(() => (taken = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(taken).toBe(false);

    await first.unlock();
    await waiting;
    expect(taken).toBe(true);
    // Another upload's lock is another lock.
    await locker.newLock('u2').lock(new AbortController().signal, () => {});
    await second.unlock();
  });

  it('waits without spinning: a holder that takes its time costs nothing meanwhile', async () => {
    const locker = new ProcessLocker();
    const holder = locker.newLock('u1');
    await holder.lock(new AbortController().signal, () => {});
    const turns = vi.spyOn(globalThis, 'setImmediate');
    const used = process.cpuUsage();
    const waiting = locker.newLock('u1').lock(new AbortController().signal, () => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cpuMs = process.cpuUsage(used).user / 1000;
    // tus's MemoryLocker retries on every turn of the event loop (thousands in 200 ms, a core's worth).
    expect(turns.mock.calls.length).toBeLessThan(10);
    expect(cpuMs).toBeLessThan(100);
    turns.mockRestore();
    await holder.unlock();
    await waiting;
  });

  it('gives up when the waiting request ends: the upload is busy (423, clients retry)', async () => {
    const locker = new ProcessLocker();
    await locker.newLock('u1').lock(new AbortController().signal, () => {});
    const controller = new AbortController();
    const waiting = locker.newLock('u1').lock(controller.signal, () => {});
    controller.abort();
    await expect(waiting).rejects.toBe(UPLOAD_BUSY);
  });
});
