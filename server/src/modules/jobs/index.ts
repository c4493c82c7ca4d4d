/** The durable job queue in the database, with scheduled (periodic) jobs. */
export { HOUR_MS, JobQueue, type EnqueueOptions, type JobContext, type JobHandler } from './queue';
