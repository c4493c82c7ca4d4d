import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { ResumableUploads } from './resumable-uploads';
import { resumableRoutes, type ResumableRoutesOptions } from './resumable.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resumable uploads (tus at /api/uploads): forms take a finished one instead of a file part. */
    resumableUploads: ResumableUploads;
  }
}

/**
 * Resumable uploads (docs/decisions/033): the tus routes in a scope of their own (no body parser
 * reads their bytes), and the hourly job that removes expired uploads, finished or not, with
 * their stored bytes, so nothing is left behind by an artist who never came back.
 */
export const resumableUploadsPlugin = fp<ResumableRoutesOptions>(
  async (app, options) => {
    const uploads = new ResumableUploads({
      db: () => app.database.db,
      storage: app.storage,
      scratchDir: app.scratchDir,
      exclusive: app.database.kind === 'embedded',
      log: app.log,
    });
    app.decorate('resumableUploads', uploads);
    await app.register(async (scope) => resumableRoutes(scope, uploads, options));
    app.jobs.scheduleEvery('uploads.expire', HOUR_MS, async () => {
      const removed = await uploads.expire();
      if (removed > 0) app.log.info({ removed }, 'removed expired resumable uploads');
    });
  },
  { name: 'resumable-uploads', dependencies: ['database', 'limits', 'storage', 'session', 'uploads'] },
);
