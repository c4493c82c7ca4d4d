/**
 * The wire format of domain events relayed between processes (docs/decisions/053) and the check
 * that notices a missed one. Pure: no connection, no clock of its own (tests drive both).
 */

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; a message stays below this with room to spare. */
export const MAX_MESSAGE_BYTES = 7_500;

/** One NOTIFY: who sent it, its place in the sender's sequence, the events it carries. */
export interface RelayMessage {
  /** The sending process (random per start). */
  o: string;
  /** 1, 2, 3 … per sender: every message the sender publishes takes the next number, heartbeats too. */
  s: number;
  /** [name, payload] pairs, in the order they were emitted. */
  e: [string, unknown][];
  /** Set when the sender had to drop something it could not send (too large): every receiver forgets everything. */
  f?: 1;
}

export function encodeMessage(message: RelayMessage): string {
  return JSON.stringify(message);
}

export function decodeMessage(text: string): RelayMessage | undefined {
  try {
    const value = JSON.parse(text) as Partial<RelayMessage> | null;
    if (!value || typeof value.o !== 'string' || !Number.isSafeInteger(value.s) || !Array.isArray(value.e)) return undefined;
    if (!value.e.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string')) return undefined;
    return value as RelayMessage;
  } catch {
    return undefined;
  }
}

/**
 * Takes from the front of `pending` as many events as fit one message (at least one, unless it is
 * alone too large). `oversized` is true when the first event could never be sent: the caller drops
 * it and tells receivers to forget everything instead.
 */
export function takeBatch(pending: [string, unknown][], origin: string, seq: number): { events: [string, unknown][]; oversized: boolean } {
  const overhead = Buffer.byteLength(encodeMessage({ o: origin, s: seq, e: [] }));
  const events: [string, unknown][] = [];
  let bytes = overhead;
  for (const entry of pending) {
    const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (bytes + size > MAX_MESSAGE_BYTES) break;
    events.push(entry);
    bytes += size;
  }
  return { events, oversized: events.length === 0 && pending.length > 0 };
}

export type Arrival = 'next' | 'duplicate' | 'gap';

/**
 * Per sender, the last sequence number heard. A message that skips a number means one was missed
 * (a receiver's caches may hold what it changed): 'gap', and the caller forgets everything. A
 * sender first heard with a number above 1 is a gap too, unless this listener started (or came
 * back) less than `graceMs` ago: every process sends a heartbeat more often than that, so after it
 * every live sender is known. Senders silent for `forgetAfterMs` (stopped) are forgotten.
 */
export class SequenceTracker {
  private readonly last = new Map<string, { seq: number; heardAt: number }>();
  private listeningSince = 0;

  constructor(private readonly options: { graceMs: number; forgetAfterMs: number }) {}

  /** The listener (re)connected: numbers heard before say nothing about what may have been missed meanwhile. */
  reset(now: number) {
    this.last.clear();
    this.listeningSince = now;
  }

  arrive(origin: string, seq: number, now: number): Arrival {
    const known = this.last.get(origin);
    if (known && seq <= known.seq) {
      known.heardAt = now;
      return 'duplicate';
    }
    this.last.set(origin, { seq, heardAt: now });
    if (known) return seq === known.seq + 1 ? 'next' : 'gap';
    return seq === 1 || now - this.listeningSince < this.options.graceMs ? 'next' : 'gap';
  }

  /** Drops senders not heard for a while (a stopped process); returns how many. */
  forgetSilent(now: number): number {
    let forgotten = 0;
    for (const [origin, { heardAt }] of this.last) {
      if (now - heardAt > this.options.forgetAfterMs) {
        this.last.delete(origin);
        forgotten++;
      }
    }
    return forgotten;
  }

  get senders(): number {
    return this.last.size;
  }
}
