import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { PgEventRelay } from '../lib/event-relay';
import { HOUR_MS, JobQueue } from '../modules/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    jobs: JobQueue;
  }
}

/**
 * The database (migrated), the job queue that lives in it, and on a PostgreSQL server the relay
 * that carries domain events between the processes sharing it (docs/decisions/053).
 */
export const databasePlugin = fp<{ config: Config; startJobs: boolean; onFatal: (error: Error) => void }>(
  async (app, { config, startJobs, onFatal }) => {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onFatal });
    // Embedded mode is one process by construction (the DATA_DIR lock); a PostgreSQL server may be shared.
    const jobs = new JobQueue(database.db, app.log, { exclusive: database.kind === 'embedded' });
    app.decorate('database', database);
    app.decorate('jobs', jobs);
    jobs.scheduleEvery('jobs.clean-up', HOUR_MS, () => jobs.cleanUp());
    let relay: PgEventRelay | undefined;
    if (database.kind === 'postgres' && config.databaseUrl) {
      relay = new PgEventRelay({ connectionString: config.databaseUrl, pool: database.pool, bus: app.events, log: app.log });
      app.events.attachRelay(relay);
      await relay.start();
    }
    if (startJobs) app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => {
      await jobs.stop();
      // Events of the last changes (a job's) still reach the other processes.
      await relay?.close();
      await database.close();
    });
  },
  { name: 'database' },
);
