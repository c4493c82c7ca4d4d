import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { JobQueue } from '../jobs';
import { StagedObjects, type Media, type MediaWork } from '../media';
import type { Storage } from '../storage';
import type { Sales } from './sales';

/** What the catalogue services work with; none of it knows about HTTP. */
export interface CatalogContext {
  db: () => Db;
  storage: Storage;
  media: Media;
  jobs: JobQueue;
  work: MediaWork;
  sales: () => Sales;
  log: FastifyBaseLogger;
  /** Told of every committed change (track.changed, album.changed): caches subscribe. */
  events: EventBus;
}

export function stage(context: CatalogContext): StagedObjects {
  return new StagedObjects(context.storage, context.jobs, context.log);
}
