import type { FastifyBaseLogger } from 'fastify';

/**
 * What changed, told by the service that changed it once its transaction has committed
 * (docs/decisions/024). Caches and read models subscribe; a write that emits cannot leave a stale
 * copy behind, and no route has to remember to clear anything.
 */
export interface DomainEvents {
  /** A track's row, audio, renditions, cover or album changed, or it was deleted. */
  'track.changed': { trackId: string; userId: string };
  /** A play of a track was counted (its play count changed, nothing it streams). */
  'track.played': { trackId: string; userId: string };
  /** A download of a track was counted (its download count changed, nothing it streams); an album download: one per track. */
  'track.downloaded': { trackId: string; userId: string };
  /** An album was made, edited or deleted (its tracks each get their own track.changed). */
  'album.changed': { albumId: string; userId: string };
  /** An account changed in a way that ends its sessions (a password reset). */
  'user.changed': { userId: string; sessionsEnded: boolean };
  /** A sale was recorded (an order paid, its ledger entry written): the seller's revenue changed. */
  'purchase.completed': { orderId: string; sellerId: string; itemType: 'track' | 'album'; itemId: string | null };
  /** A sale was refunded (issue 16: the order refunded, its negative ledger entry written): the seller's revenue changed. */
  'purchase.refunded': { orderId: string; sellerId: string };
  /**
   * An artist's payout method was added or removed: whether their priced items are on sale
   * (public `purchasable`, issue 16) changed.
   */
  'payout-method.changed': { userId: string };
  /** Issue 17: a follow of the artist was confirmed or ended (their follower count changed). */
  'follow.changed': { userId: string };
}

export type DomainEventName = keyof DomainEvents;
type Handler<K extends DomainEventName> = (payload: DomainEvents[K]) => void;

/**
 * A small typed, synchronous, in-process bus. Handlers only drop or update what this process
 * holds; one that throws is logged and never fails the change that was already committed.
 * Across processes nothing is relayed: state that several processes share lives in the database,
 * and caches exist only where one process sees every change (embedded mode).
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Set<Handler<never>>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        (handler as Handler<K>)(payload);
      } catch (error) {
        this.log.error({ err: error, event: name }, 'an event handler failed');
      }
    }
  }
}
