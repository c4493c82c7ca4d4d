import type { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { startWorker } from '../../paths';
import type { HashRequest, HashResponse } from '../../workers/password-hasher';

/** Beyond this many waiting hashes the server answers "busy" rather than queueing for seconds. */
const MAX_PENDING = 64;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/** Client of the hashing worker thread: one hash at a time, a bounded queue in front. */
export class PasswordHasher {
  private worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dummyHash: Promise<string> | undefined;
  private closed = false;

  constructor() {
    this.worker = this.spawn();
  }

  /** Starts the worker; one that dies fails its waiting requests and is replaced. */
  private spawn(): Worker {
    const worker = startWorker('password-hasher');
    worker.on('message', (response: HashResponse) => {
      const waiter = this.pending.get(response.id);
      if (!waiter) return;
      this.pending.delete(response.id);
      if (response.ok) waiter.resolve(response.value);
      else waiter.reject(new Error(response.error));
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      this.failAll(new Error('The password hashing worker stopped.'));
      if (!this.closed) this.worker = this.spawn();
    });
    worker.unref();
    return worker;
  }

  hash(password: string): Promise<string> {
    return this.request({ op: 'hash', password }) as Promise<string>;
  }

  /** False for a wrong password and for a malformed stored hash alike. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return (await this.request({ op: 'verify', password, hash })) === true;
    } catch (error) {
      if (error instanceof AppError) throw error;
      return false;
    }
  }

  /**
   * The same work as checking a real account, for an e-mail address nobody registered: without
   * it, a quick "wrong password" would tell an attacker which addresses have accounts.
   */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash(`no-account-${Math.random()}`);
    await this.verify(await this.dummyHash, password);
    return false;
  }

  async close() {
    this.closed = true;
    await this.worker.terminate();
  }

  private request(message: DistributiveOmit<HashRequest, 'id'>): Promise<string | boolean> {
    if (this.pending.size >= MAX_PENDING) {
      return Promise.reject(new AppError('server.busy'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id } as HashRequest);
    });
  }

  private failAll(error: Error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
