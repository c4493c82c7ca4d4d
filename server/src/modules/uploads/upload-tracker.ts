import { EventEmitter, once } from 'node:events';
import type { FastifyRequest } from 'fastify';

/**
 * The upload requests this process is handling now, including their clean-up after a failure or
 * a client that went away. Tests wait on idle() instead of sleeping; shutdown aborts what is still
 * running at its deadline (abortAll), which fails each upload the way a dropped connection does:
 * its scratch files and staged objects are removed, nothing is half-stored. The per-artist limit
 * is not counted here but in the database (UploadSlots), because it must hold across processes.
 */
export class UploadTracker extends EventEmitter {
  private readonly active = new Set<FastifyRequest>();

  get inFlight(): number {
    return this.active.size;
  }

  async run<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    this.active.add(request);
    this.emit('start');
    try {
      return await work();
    } finally {
      this.active.delete(request);
      if (this.active.size === 0) this.emit('idle');
    }
  }

  async idle(): Promise<void> {
    if (this.active.size > 0) await once(this, 'idle');
  }

  /** Cuts every upload still being received; answers once their clean-up has finished. */
  async abortAll(): Promise<number> {
    const count = this.active.size;
    for (const request of this.active) request.raw.destroy(new Error('The server is shutting down'));
    await this.idle();
    return count;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadTracker;
  }
}
