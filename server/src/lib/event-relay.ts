import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventName, EventBus, EventRelay } from './events';
import { decodeMessage, encodeMessage, SequenceTracker, takeBatch, type RelayMessage } from './event-sequence';

/** The one channel every Sauti process of a database listens on. */
export const EVENTS_CHANNEL = 'sauti_events';
/**
 * How long a process may keep a public answer when its events travel through PostgreSQL (decisions
 * 052, 053): the events drop it at once on every process; this bounds what a notification lost with
 * a crashed process could leave behind. On the embedded database one process hears every change.
 */
export const RELAYED_ANSWER_MAX_MS = 60_000;
/** The listening connection's application_name: an operator (or a test) finds it in pg_stat_activity by process id. */
export const listenerApplicationName = (origin: string, pid = process.pid) => `sauti-events ${pid} ${origin}`;

export interface PgEventRelayOptions {
  connectionString: string;
  /** Where NOTIFY is sent from (the process's pool: publishing never waits for the listening connection). */
  pool: pg.Pool;
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How often a heartbeat is published (and the listener checked by its echo). */
  heartbeatMs?: number;
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 2_000;
const SEND_RETRY_MS = 250;
/** A write's answer waits at most this long for its events to reach the other processes. */
const FLUSH_WAIT_MS = 1_000;
/** Beyond this many unsent events (the database unreachable for long) they are dropped and receivers told to forget everything. */
const MAX_PENDING = 10_000;

interface Waiter {
  through: number;
  resolve: () => void;
}

/**
 * Domain events between processes through PostgreSQL itself (docs/decisions/053). Each process
 * holds one dedicated connection that LISTENs; events are published after their change committed,
 * in order, one `pg_notify` per batch from the pool. Every message carries its sender and its
 * number in the sender's sequence, so a missing one is noticed; heartbeats keep every sender heard
 * and prove the listening connection alive by their echo. Whenever events may have been missed
 * (the connection lost, a gap), every cache of this process is told to forget everything
 * (`events.resync`), and while the connection is down caches read afresh (`synced` is false).
 */
export class PgEventRelay implements EventRelay {
  readonly origin = randomBytes(8).toString('hex');
  private readonly heartbeatMs: number;
  private readonly tracker: SequenceTracker;
  private client: pg.Client | undefined;
  private connected = false;
  private everConnected = false;
  private closing = false;
  private reconnectDelay = RECONNECT_FIRST_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;

  // Publishing: events wait in `pending`, leave in numbered messages, one at a time.
  private pending: [string, unknown][] = [];
  /** Events handed to publish() so far, and through which of them the sent / echoed messages reach. */
  private published = 0;
  private taken = 0;
  private sentThrough = 0;
  private echoedThrough = 0;
  private seq = 0;
  private tellForgetAll = false;
  private heartbeatDue = false;
  private sending: Promise<void> | undefined;
  /** Own messages sent and not yet heard back: seq -> events through, and when it was sent. */
  private readonly awaitingEcho = new Map<number, { through: number; sentAt?: number }>();
  private waiters: Waiter[] = [];

  constructor(private readonly options: PgEventRelayOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.tracker = new SequenceTracker({ graceMs: 2 * this.heartbeatMs, forgetAfterMs: 6 * this.heartbeatMs });
  }

  get synced(): boolean {
    return this.connected;
  }

  /** Connects the listener (a failure is retried in the background: until then caches read afresh) and starts the heartbeat. */
  async start(): Promise<void> {
    await this.connect();
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  publish(name: DomainEventName, payload: unknown): void {
    if (this.closing && !this.sending) return;
    this.pending.push([name, payload]);
    this.published++;
    if (this.pending.length > MAX_PENDING) {
      // The database has been unreachable for a long time: whatever is held is now too much.
      this.taken += this.pending.length;
      this.pending = [];
      this.tellForgetAll = true;
    }
    this.send();
  }

  flush(): Promise<void> {
    const through = this.published;
    if (this.echoedThrough >= through || (!this.connected && this.sentThrough >= through)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter: Waiter = { through, resolve };
      this.waiters.push(waiter);
      setTimeout(() => this.release(waiter), FLUSH_WAIT_MS).unref();
    });
  }

  /** Stops listening after the events still waiting have been sent (at most a couple of seconds). */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.reconnectTimer);
    if (this.sending) await Promise.race([this.sending, sleep(2_000)]);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
    await client?.end().catch(() => {});
  }

  private release(waiter: Waiter) {
    this.waiters = this.waiters.filter((w) => w !== waiter);
    waiter.resolve();
  }

  private settleWaiters() {
    const reached = this.connected ? this.echoedThrough : Math.max(this.echoedThrough, this.sentThrough);
    const done = this.waiters.filter((w) => w.through <= reached);
    if (done.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.through > reached);
    for (const waiter of done) waiter.resolve();
  }

  private send() {
    this.sending ??= this.sendAll().finally(() => {
      this.sending = undefined;
      // Published while the loop was finishing.
      if (!this.closing && (this.pending.length > 0 || this.tellForgetAll || this.heartbeatDue)) this.send();
    });
  }

  private async sendAll(): Promise<void> {
    // Events emitted together (an album's tracks) leave in one message.
    await Promise.resolve();
    while (this.pending.length > 0 || this.tellForgetAll || this.heartbeatDue) {
      const seq = this.seq + 1;
      const { events, oversized } = takeBatch(this.pending, this.origin, seq);
      if (oversized) {
        this.pending.shift();
        this.taken++;
        this.tellForgetAll = true;
        continue;
      }
      this.pending.splice(0, events.length);
      this.taken += events.length;
      const message: RelayMessage = { o: this.origin, s: seq, e: events };
      if (this.tellForgetAll) message.f = 1;
      this.tellForgetAll = false;
      this.heartbeatDue = false;
      const through = this.taken;
      const text = encodeMessage(message);
      // Registered before sending: the echo may reach the listening connection before the pool's
      // connection hears that its NOTIFY is done.
      const echo: { through: number; sentAt?: number } = { through };
      if (this.connected) this.awaitingEcho.set(seq, echo);
      // A message keeps its number and its text until it is sent: a retry after an answer lost on
      // the way is a duplicate receivers ignore, never a different message under the same number.
      for (;;) {
        try {
          await this.options.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, text]);
          break;
        } catch (error) {
          if (this.closing) return;
          this.options.log.warn({ err: error }, 'events could not be sent to the other processes yet; retrying');
          await sleep(SEND_RETRY_MS);
        }
      }
      this.seq = seq;
      this.sentThrough = through;
      echo.sentAt = Date.now();
      this.settleWaiters();
    }
  }

  private heartbeat() {
    const now = Date.now();
    this.tracker.forgetSilent(now);
    // A message of ours sent a heartbeat ago and never heard back: the listening connection is
    // silently gone (no reset from the network). Start it again; caches forget meanwhile.
    const oldest = [...this.awaitingEcho.values()].find((echo) => echo.sentAt !== undefined);
    if (this.connected && oldest?.sentAt !== undefined && now - oldest.sentAt > this.heartbeatMs) {
      this.options.log.warn('the events listening connection stopped hearing; connecting again');
      this.lost(this.client, true);
    }
    this.heartbeatDue = true;
    this.send();
  }

  private receive(notification: pg.Notification) {
    if (notification.channel !== EVENTS_CHANNEL || !notification.payload) return;
    const message = decodeMessage(notification.payload);
    if (!message) {
      this.options.log.warn('an unreadable message on the events channel was ignored');
      return;
    }
    const arrival = this.tracker.arrive(message.o, message.s, Date.now());
    if (message.o === this.origin) {
      for (const [seq, sent] of this.awaitingEcho) {
        if (seq > message.s) break;
        this.echoedThrough = Math.max(this.echoedThrough, sent.through);
        this.awaitingEcho.delete(seq);
      }
      this.settleWaiters();
    }
    if (arrival === 'gap') this.resync('gap');
    if (arrival === 'duplicate' || message.o === this.origin) return;
    if (message.f && arrival !== 'gap') this.resync('gap');
    for (const [name, payload] of message.e) this.options.bus.deliver(name, payload);
  }

  private resync(reason: 'disconnected' | 'reconnected' | 'gap') {
    this.options.bus.emit('events.resync', { reason });
  }

  private async connect() {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: listenerApplicationName(this.origin),
    });
    client.on('notification', (notification) => {
      if (client === this.client) this.receive(notification);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      if (this.closing) return;
      this.options.log.warn({ err: error }, 'could not listen for the other processes’ events; caches read afresh until it can');
      this.scheduleReconnect();
      return;
    }
    if (this.closing) {
      await client.end().catch(() => {});
      return;
    }
    const first = !this.everConnected;
    this.everConnected = true;
    this.client = client;
    this.connected = true;
    // What was sent while not listening reached the others; it will never be heard back here.
    this.awaitingEcho.clear();
    this.echoedThrough = Math.max(this.echoedThrough, this.sentThrough);
    this.reconnectDelay = RECONNECT_FIRST_MS;
    this.tracker.reset(Date.now());
    // Anything kept while the connection was down may be stale: forget it before answering from memory again.
    this.resync('reconnected');
    this.settleWaiters();
    this.options.log.info(first ? 'listening for the other processes’ events' : 'listening again for the other processes’ events; caches flushed');
  }

  private lost(client: pg.Client | undefined, endIt = false) {
    if (!client || client !== this.client || this.closing) return;
    this.client = undefined;
    this.connected = false;
    this.awaitingEcho.clear();
    if (endIt) client.end().catch(() => {});
    this.options.log.warn('the events listening connection was lost; caches read afresh until it is back');
    this.resync('disconnected');
    this.settleWaiters();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closing) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.reconnectDelay);
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }
}

/**
 * One message from outside a server (the picks command): receivers hear a new sender whose first
 * number is 1. Nothing happens without a PostgreSQL server (the embedded database has no other process).
 */
export async function notifyOnce(pool: pg.Pool, name: DomainEventName, payload: unknown): Promise<void> {
  const message: RelayMessage = { o: randomBytes(8).toString('hex'), s: 1, e: [[name, payload]] };
  await pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, encodeMessage(message)]);
}
