import { EventEmitter, once } from 'node:events';

/**
 * Counts upload requests still being handled, including their clean-up after a failure or a
 * client that went away. Tests wait on idle() instead of sleeping; shutdown could too.
 */
export class UploadTracker extends EventEmitter {
  private active = 0;

  get inFlight(): number {
    return this.active;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    this.emit('start');
    try {
      return await work();
    } finally {
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
