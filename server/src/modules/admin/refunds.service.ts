import type { ConsoleSale } from '#common/schemas/console';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RefundOutcome, RefundsService } from '../payments';
import { appendAudit } from './admin.repo';
import type { Actor } from './admin.service';
import { searchSales } from './refunds.repo';

/**
 * Refunds from the console (issue 21, docs/decisions/059): the operator finds a sale and refunds
 * all the buyer paid, with a reason, through the one refunds service of issue 16 (the command's
 * too): its rules stand (a refunded sale or one with a refund under way is 409). The provider's
 * call cannot share a transaction with the audit entry, so the entry is written once the service
 * has answered: every refund asked of the provider, accepted or refused, is in the log.
 */
export class ConsoleRefunds {
  constructor(private readonly deps: { db: () => Db; refunds: () => RefundsService }) {}

  async search(q: string): Promise<ConsoleSale[]> {
    const rows = await searchSales(this.deps.db(), q);
    return rows.map((row) => ({ ...row, paidAt: row.paidAt?.toISOString() ?? null }));
  }

  async refund(actor: Actor, reference: string, reason: string): Promise<RefundOutcome> {
    const audit = (details: Record<string, unknown>) =>
      appendAudit(this.deps.db(), { actorId: actor.id, actorEmail: actor.email, action: 'refund.create', targetType: 'order', targetId: reference, reason, details });
    let outcome: RefundOutcome;
    try {
      outcome = await this.deps.refunds().refund(reference, { note: reason });
    } catch (error) {
      // The provider said no: the refund is recorded as failed, and so is the operator's attempt.
      if (error instanceof AppError && error.code === 'refund.refused') await audit({ status: 'refused', providerMessage: error.message });
      throw error;
    }
    await audit({ amount: outcome.amount, status: outcome.status, refundId: outcome.id });
    return outcome;
  }
}
