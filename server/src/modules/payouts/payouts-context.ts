import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { PaymentsProvider } from '../payment-provider';

export interface PayoutsDeps {
  db: () => Db;
  provider: () => PaymentsProvider;
  log: FastifyBaseLogger;
  /** Told when a method is added or removed: whether the artist's priced items are on sale changed. */
  events: EventBus;
}
