import type { ConsolePayout } from '#common/schemas/console';
import type { Db } from '../../db/client';
import { REVERIFY_AFTER_MINUTES, type PayoutsService } from '../payouts';
import { appendAudit } from './admin.repo';
import type { Actor } from './operators.service';
import { payoutsNeedingAttention } from './payouts.repo';

/**
 * Payouts in the console (issue 21, docs/decisions/059): the ones that failed, wait for an OTP or
 * are stuck, and a retry through the payouts service (the scheduled run's own paths). The audit
 * entry is written once the service has answered (the provider's call is outside any transaction).
 */
export class ConsolePayouts {
  constructor(private readonly deps: { db: () => Db; payouts: () => PayoutsService }) {}

  async list(): Promise<ConsolePayout[]> {
    const rows = await payoutsNeedingAttention(this.deps.db(), REVERIFY_AFTER_MINUTES);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
  }

  async retry(actor: Actor, reference: string, reason: string | undefined) {
    const { payout, newPayout } = await this.deps.payouts().retry(reference);
    await appendAudit(this.deps.db(), {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'payout.retry',
      targetType: 'payout',
      targetId: reference,
      reason: reason ?? null,
      details: newPayout ? { from: payout.status, newReference: newPayout.reference, newStatus: newPayout.status, amount: newPayout.amount } : { status: payout.status },
    });
    return { reference, status: payout.status, newReference: newPayout?.reference ?? null };
  }
}
