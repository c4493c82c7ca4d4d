import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import rateLimit from '@fastify/rate-limit';
import { MAX_UPLOADS_PER_ARTIST } from '#common/schemas/catalog/rules';
import { AppError } from '../../lib/errors';
import { DbAttemptStore, MemoryAttemptStore, rateLimitStoreFor, type AttemptStore } from './attempt-store';
import { UploadSlots } from './upload-slots';


declare module 'fastify' {
  interface FastifyInstance {
    /** Attempt counters every process shares (in memory when one process owns the database). */
    attempts: AttemptStore;
    /** Uploads in progress per artist, across every process. */
    uploadSlots: UploadSlots;
  }
}

/**
 * Limits that hold across processes (docs/decisions/024): @fastify/rate-limit counting in the
 * shared store, the per-e-mail counters of sign-in and mail, and the per-artist upload slots.
 */
export const limitsPlugin = fp(
  async (app) => {
    const store: AttemptStore = app.database.kind === 'embedded' ? new MemoryAttemptStore() : new DbAttemptStore(app.database.db);
    const slots = new UploadSlots(app.database.db, MAX_UPLOADS_PER_ARTIST);
    app.decorate('attempts', store);
    app.decorate('uploadSlots', slots);
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStoreFor(store),
      errorResponseBuilder: () => new AppError('request.too-many'),
    });
    app.jobs.scheduleEvery('limits.sweep', HOUR_MS, async () => {
      await store.sweep();
      await slots.sweep();
    });
  },
  { name: 'limits', dependencies: ['database'] },
);
