import { EventEmitter, once } from 'node:events';

/**
 * Counts upload requests still being handled, including their clean-up after a failure or a
 * client that went away, in all and per artist. Tests wait on idle() instead of sleeping.
 */
export class UploadTracker extends EventEmitter {
  private active = 0;
  private readonly perUser = new Map<string, number>();

  /** Uploads of this artist being handled now. */
  inFlightFor(userId: string): number {
    return this.perUser.get(userId) ?? 0;
  }

  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    this.active++;
    this.perUser.set(userId, this.inFlightFor(userId) + 1);
    this.emit('start');
    try {
      return await work();
    } finally {
      const left = this.inFlightFor(userId) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
      this.active--;
      if (this.active === 0) this.emit('idle');
    }
  }

  async idle(): Promise<void> {
    if (this.active > 0) await once(this, 'idle');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadTracker;
  }
}
