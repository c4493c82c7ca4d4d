import type { AuditPage } from '#common/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { appendAudit, listAudit, type AuditInput } from './admin.repo';
import type { Actor } from './operators.service';

/**
 * A console action's audit entry, written by the action in its own transaction: both or neither.
 * The action passes it on to the code that opens the transaction (the editor's picks).
 */
export function auditEntry(actor: Actor, entry: Omit<AuditInput, 'actorId' | 'actorEmail'>) {
  return (tx: DbOrTx) => appendAudit(tx, { ...entry, actorId: actor.id, actorEmail: actor.email });
}

/** The audit log as the console reads it (decision 051): newest first, a page at a time. */
export class ConsoleAudit {
  constructor(private readonly deps: { db: () => Db }) {}

  async page(before: number | undefined, limit: number): Promise<AuditPage> {
    // One entry more than the page tells whether another page follows.
    const rows = await listAudit(this.deps.db(), before, limit + 1);
    const page = rows.slice(0, limit);
    return {
      entries: page.map((row) => ({
        id: String(row.id),
        at: row.at.toISOString(),
        actorEmail: row.actorEmail,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        reason: row.reason,
        details: row.details,
      })),
      nextBefore: rows.length > limit ? String(page[page.length - 1]!.id) : null,
    };
  }
}
