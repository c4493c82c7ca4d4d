import { refundAmountAtMostMessage, type ConsoleSale } from '#common/schemas/console';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RefundOutcome, RefundsService } from '../payments';
import { appendAudit } from './admin.repo';
import type { Actor } from './operators.service';
import { refundableOf, searchSales } from './refunds.repo';

/**
 * Refunds from the console (issue 21, docs/decisions/059, 066): the operator finds a sale and refunds
 * all that is left of it, or a part (at most what is left), with a reason, through the one refunds service of issue 16 (the command's
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

  /** `amount` in minor units: a part of the sale; absent, all that is left. */
  async refund(actor: Actor, reference: string, reason: string, amount?: number): Promise<RefundOutcome> {
    const audit = (details: Record<string, unknown>) =>
      appendAudit(this.deps.db(), { actorId: actor.id, actorEmail: actor.email, action: 'refund.create', targetType: 'order', targetId: reference, reason, details });
    const sale = await refundableOf(this.deps.db(), reference);
    const left = sale ? sale.amount - sale.refunded : 0;
    // Nothing left: the refunds service says why (refunded, under way) in its own words.
    if (amount !== undefined && left > 0 && amount > left) throw new AppError('refund.amount-too-large', refundAmountAtMostMessage(left), { left });
    const part = amount !== undefined && sale !== undefined && amount < sale.amount;
    let outcome: RefundOutcome;
    try {
      outcome = await this.deps.refunds().refund(reference, { amount, note: reason });
    } catch (error) {
      // The provider said no: the refund is recorded as failed, and so is the operator's attempt.
      if (error instanceof AppError && error.code === 'refund.refused') await audit({ amount: amount ?? sale?.amount, part, status: 'refused', providerMessage: error.message });
      throw error;
    }
    await audit({ amount: outcome.amount, part, status: outcome.status, refundId: outcome.id });
    return outcome;
  }
}
