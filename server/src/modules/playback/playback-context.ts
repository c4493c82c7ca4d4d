import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { MediaWork } from '../media';
import type { Storage } from '../storage';

/** What the playback services work with; none of it knows about HTTP. */
export interface PlaybackContext {
  db: () => Db;
  storage: Storage;
  /** Makes a rendition or thumbnail on demand when a listener needs it before its job ran. */
  work: MediaWork;
  log: FastifyBaseLogger;
  events: EventBus;
}
