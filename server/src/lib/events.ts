import type { FastifyBaseLogger } from 'fastify';

/**
 * What changed, told by the service that changed it once its transaction has committed
 * (docs/decisions/024), on every process (053). Caches and read models subscribe; a write that emits cannot leave a stale
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
  /** A session of the user ended (signed out, or replaced by a new sign-in): cached copies go (053). */
  'session.ended': { userId: string };
  /**
   * The landing lists' rankings or editor's picks were replaced outside any track or account change
   * (the scheduled job, the picks command): cached lists go (053).
   */
  'discovery.changed': Record<string, never>;
  /**
   * Never emitted by a service: this process may have missed events of other processes (its
   * listening connection was cut, or a message is missing from a sequence). Every cache of this
   * process forgets everything it holds. Not relayed (docs/decisions/053).
   */
  'events.resync': { reason: 'disconnected' | 'reconnected' | 'gap' };
}

export type DomainEventName = keyof DomainEvents;
type Handler<K extends DomainEventName> = (payload: DomainEvents[K]) => void;

export interface SubscribeOptions {
  /**
   * Only events of this process's own changes: for work that must happen once per change (queueing
   * a release mail), not for caches. Default: events of every process, relayed (docs/decisions/053).
   */
  thisProcessOnly?: boolean;
}

/** Carries this process's events to the others and theirs to this one (PostgreSQL LISTEN/NOTIFY: event-relay.ts). */
export interface EventRelay {
  publish(name: DomainEventName, payload: unknown): void;
  /** True while every other process's events are known to reach this one; false while they may be missed. */
  readonly synced: boolean;
  /** Resolves once the events published so far have reached the other processes (bounded wait). */
  flush(): Promise<void>;
}

interface Subscription {
  handler: Handler<never>;
  thisProcessOnly: boolean;
}

/**
 * A small typed, synchronous bus. Handlers only drop or update what this process holds; one that
 * throws is logged and never fails the change that was already committed. With a PostgreSQL server
 * a relay carries every event to every process (docs/decisions/053): handlers hear this process's
 * events at once and the others' within milliseconds, each event once; with the embedded database
 * there is one process and nothing to relay.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Set<Subscription>>();
  private relay: EventRelay | undefined;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** From now on events go to the other processes too. */
  attachRelay(relay: EventRelay) {
    this.relay = relay;
  }

  /**
   * Whether a cache may answer from memory: true unless events of other processes may be missed
   * right now (the listening connection is down). A cache that finds it false reads afresh; it is
   * told to forget everything (`events.resync`) when the connection is back.
   */
  get synced(): boolean {
    return this.relay?.synced ?? true;
  }

  /** Resolves once this process's events so far have reached every other process (at once without a relay). */
  flush(): Promise<void> {
    return this.relay ? this.relay.flush() : Promise.resolve();
  }

  on<K extends DomainEventName>(name: K, handler: Handler<K>, options: SubscribeOptions = {}): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    const subscription = { handler: handler as Handler<never>, thisProcessOnly: options.thisProcessOnly ?? false };
    set.add(subscription);
    return () => set.delete(subscription);
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.dispatch(name, payload, false);
    if (name !== 'events.resync') this.relay?.publish(name, payload);
  }

  /** An event another process emitted (the relay calls this): handlers for this process's own events only are skipped. */
  deliver(name: string, payload: unknown): void {
    if (name === 'events.resync') return;
    this.dispatch(name as DomainEventName, payload as never, true);
  }

  private dispatch<K extends DomainEventName>(name: K, payload: DomainEvents[K], remote: boolean) {
    for (const { handler, thisProcessOnly } of this.handlers.get(name) ?? []) {
      if (remote && thisProcessOnly) continue;
      try {
        (handler as Handler<K>)(payload);
      } catch (error) {
        this.log.error({ err: error, event: name }, 'an event handler failed');
      }
    }
  }
}
