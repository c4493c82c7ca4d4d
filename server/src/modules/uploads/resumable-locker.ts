import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/server';
import type { Db } from '../../db/client';
import { renewLock, tryLock, unlock } from './resumable.repo';

/**
 * Renewed every `RENEW_MS` while held: a process that died (killed, its machine lost) frees its
 * locks when the lease lapses, so it is short: a resume through another process waits at most this
 * long (docs/decisions/036). A holder whose renewals fail that long (a database blip) may lose the
 * lock; nothing is lost with it, since a segment counts only at the row's offset (033).
 */
export const LEASE_MS = 5_000;
/** Also how soon a holder learns that another request wants the upload (a resume elsewhere). */
const RENEW_MS = 1_000;
const RETRY_MS = 200;
/** Longer than tus's drain time (3 s) plus a renewal: a holder asked to let go has done so by then. */
const ACQUIRE_TIMEOUT_MS = 20_000;

/** Answered when the upload stays busy: tus clients retry a 423 after a pause. */
export const UPLOAD_BUSY = { status_code: 423, body: 'This upload is busy in another request. Please try again in a moment.' };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * tus's lock on an upload within one process (embedded mode: the only process). tus's own
 * MemoryLocker waits for a held lock by retrying on every turn of the event loop (setImmediate),
 * each retry a promise chained to the last: a resume waiting seconds for the old request to store
 * its bytes burnt a core and held hundreds of megabytes (measured: 10.6 MiB per concurrent upload
 * against 1.2 for forms). This one waits on the holder's release.
 */
export class ProcessLocker implements Locker {
  private readonly held = new Map<string, { token: symbol; asked: boolean; requestRelease: RequestRelease; released: Promise<void>; release(): void }>();

  newLock(id: string): Lock {
    const token = Symbol(id);
    return {
      lock: async (signal, requestRelease) => {
        const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
        for (;;) {
          const current = this.held.get(id);
          if (!current) {
            let release = () => {};
            const released = new Promise<void>((resolve) => (release = resolve));
            this.held.set(id, { token, asked: false, requestRelease, released, release });
            return;
          }
          if (!current.asked) {
            current.asked = true;
            void current.requestRelease();
          }
          const left = deadline - Date.now();
          if (signal.aborted || left <= 0) throw UPLOAD_BUSY;
          // Until the holder lets go, the deadline, or this request ends (the timer goes with it).
          const waiting = new AbortController();
          const stop = () => waiting.abort();
          signal.addEventListener('abort', stop, { once: true });
          await Promise.race([current.released, sleep(left, waiting.signal)]);
          waiting.abort();
          signal.removeEventListener('abort', stop);
        }
      },
      unlock: async () => {
        const current = this.held.get(id);
        if (current?.token !== token) return;
        this.held.delete(id);
        current.release();
      },
    };
  }
}

/**
 * tus's lock on an upload, held in the upload's row so that it holds across server processes
 * (tus's own MemoryLocker knows only its process). A request that wants a held upload (a client
 * resuming after its connection dropped, perhaps on another process, while the old request has
 * not noticed yet) marks the row; the holder sees the mark at its next renewal and lets go the way
 * tus does in one process: its request is ended, the bytes it got are kept, and the lock is
 * released. Correctness does not rest on the lock (a segment is recorded only at the offset the
 * row has, docs/decisions/033); the lock saves re-sending what the old request was still receiving.
 */
export class DbLocker implements Locker {
  constructor(private readonly db: () => Db) {}

  newLock(id: string): Lock {
    return new DbLock(this.db, id);
  }
}

class DbLock implements Lock {
  private readonly token = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: () => Db,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    for (;;) {
      const attempt = await tryLock(this.db(), this.id, this.token, LEASE_MS);
      if (attempt === 'taken') break;
      // The route checked the row; it went away since (expired, terminated): tus answers 404.
      if (attempt === 'missing') throw { status_code: 404, body: 'Upload not found' };
      if (signal.aborted || Date.now() > deadline) throw UPLOAD_BUSY;
      await sleep(RETRY_MS, signal);
    }
    let asked = false;
    this.timer = setInterval(() => {
      renewLock(this.db(), this.id, this.token, LEASE_MS).then(
        (wanted) => {
          if (wanted && !asked) {
            asked = true;
            void requestRelease();
          }
        },
        () => {
          // The next renewal may succeed; meanwhile the lease still runs.
        },
      );
    }, RENEW_MS);
    this.timer.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.timer);
    await unlock(this.db(), this.id, this.token);
  }
}
