import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../jobs';
import { closeUnpaidOrder, findOrderByReference, pendingOrdersToCheck } from './orders.repo';
import { activeRefundOf } from './refunds.repo';
import { REFUND_EVENT_JOB, REFUND_EVENTS } from './refunds.service';
import { CONFIRM_JOB, type FulfilmentService } from './fulfilment.service';

export const TRANSFER_EVENT_JOB = 'payments.transfer-event';

/** A pending order is asked about once a webhook should have come; closed as abandoned after a day. */
const RECONCILE_AFTER_MS = 10 * 60 * 1000;
const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** Paystack retries a webhook for up to 72 hours: remember what we saw for a week. */
const WEBHOOK_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

export type TransferEvent = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
const TRANSFER_EVENTS: readonly string[] = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

export interface WebhooksDeps {
  db: () => Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  fulfilment: FulfilmentService;
}

/**
 * Webhook intake (docs/decisions/031): the provider's news of a payment, a transfer or a refund,
 * recorded once and handed to a durable job; and the scheduled reconcile that asks after what no
 * webhook told.
 */
export class WebhooksService {
  constructor(private readonly deps: WebhooksDeps) {}

  private get db() {
    return this.deps.db();
  }

  /**
   * POST /api/payments/webhook, after the signature was checked: deduplicated on event and the
   * provider's id, then handed to a durable job (answered at once; the job re-verifies with the
   * provider before anything is granted, and is retried if it fails).
   */
  async acceptWebhook(body: unknown): Promise<'queued' | 'duplicate' | 'ignored'> {
    if (!body || typeof body !== 'object') throw new AppError('webhook.invalid');
    const { event, data } = body as { event?: unknown; data?: Record<string, unknown> };
    if (typeof event !== 'string' || !data || typeof data !== 'object') throw new AppError('webhook.invalid');
    if (REFUND_EVENTS.includes(event)) return this.acceptRefundEvent(event, data);
    const reference = typeof data.reference === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(data.reference) ? data.reference : undefined;
    const isCharge = event === 'charge.success';
    if (!isCharge && !TRANSFER_EVENTS.includes(event)) {
      this.deps.log.info({ event }, 'webhook event not handled');
      return 'ignored';
    }
    if (!reference) throw new AppError('webhook.invalid');
    const providerId = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : '';
    const key = `${providerId}:${reference}`.slice(0, 200);
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(webhookEvents).values({ event, key }).onConflictDoNothing().returning({ key: webhookEvents.key });
      if (inserted.length === 0) return 'duplicate' as const;
      if (isCharge) await this.deps.jobs.enqueue(CONFIRM_JOB, { reference }, { tx, maxAttempts: 10 });
      else await this.deps.jobs.enqueue(TRANSFER_EVENT_JOB, { event, reference }, { tx, maxAttempts: 10 });
      return 'queued' as const;
    });
  }

  /**
   * A refund.* webhook (issue 16): Paystack's carries the transaction's reference and no refund id,
   * so it is deduplicated on the event and our open (or processed) refund of that order: the same
   * event for a refund tried again after a failure is a new one. Handed to a durable job that reads
   * the refund again from the provider.
   */
  private async acceptRefundEvent(event: string, data: Record<string, unknown>): Promise<'queued' | 'duplicate' | 'ignored'> {
    const reference = typeof data.transaction_reference === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(data.transaction_reference) ? data.transaction_reference : undefined;
    if (!reference) throw new AppError('webhook.invalid');
    const order = await findOrderByReference(this.db, reference);
    if (!order) {
      this.deps.log.info({ event, reference }, 'refund event for an order that is not ours');
      return 'ignored';
    }
    const refund = await activeRefundOf(this.db, order.id);
    const key = `${refund?.id ?? 'none'}:${reference}`;
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(webhookEvents).values({ event, key }).onConflictDoNothing().returning({ key: webhookEvents.key });
      if (inserted.length === 0) return 'duplicate' as const;
      await this.deps.jobs.enqueue(REFUND_EVENT_JOB, { event, reference }, { tx, maxAttempts: 10 });
      return 'queued' as const;
    });
  }

  /**
   * The scheduled check of pending orders no webhook confirmed (a webhook lost, a browser closed
   * before verify): asked again, fulfilled if paid, closed as abandoned once a day old.
   */
  async reconcile(now = Date.now()): Promise<{ checked: number; paid: number; closed: number }> {
    const pending = await pendingOrdersToCheck(this.db, new Date(now - RECONCILE_AFTER_MS), new Date(now - RECONCILE_AFTER_MS), 200);
    let paid = 0;
    let closed = 0;
    for (const order of pending) {
      try {
        const outcome = await this.deps.fulfilment.confirm(order);
        if (outcome === 'paid') paid += 1;
        else if ((outcome === 'pending' || outcome === 'abandoned' || outcome === 'unknown') && now - order.createdAt.getTime() > ABANDON_AFTER_MS) {
          await closeUnpaidOrder(this.db, order.id, 'abandoned');
          closed += 1;
        }
      } catch (error) {
        // The provider may be down: the next run asks again.
        this.deps.log.warn({ err: error, orderId: order.id }, 'could not reconcile an order');
      }
    }
    await this.db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, new Date(now - WEBHOOK_MEMORY_MS)));
    return { checked: pending.length, paid, closed };
  }
}
