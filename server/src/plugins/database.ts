import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { HOUR_MS, JobQueue } from '../modules/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    jobs: JobQueue;
  }
}

/** The database (migrated) and the job queue that lives in it. */
export const databasePlugin = fp<{ config: Config; startJobs: boolean; onFatal: (error: Error) => void }>(
  async (app, { config, startJobs, onFatal }) => {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onFatal });
    // Embedded mode is one process by construction (the DATA_DIR lock); a PostgreSQL server may be shared.
    const jobs = new JobQueue(database.db, app.log, { exclusive: database.kind === 'embedded' });
    app.decorate('database', database);
    app.decorate('jobs', jobs);
    jobs.scheduleEvery('jobs.clean-up', HOUR_MS, () => jobs.cleanUp());
    if (startJobs) app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => {
      await jobs.stop();
      await database.close();
    });
  },
  { name: 'database' },
);
