import type { AdminReport, ReportItemType } from '#common/schemas/reports';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { appendAudit } from './admin.repo';
import type { Actor } from './operators.service';
import { closeReport, findReport, insertReport, itemExists, listReports } from './reports.repo';

const PAGE_OF: Record<ReportItemType, (id: string) => string> = {
  track: (id) => `/track/${id}`,
  album: (id) => `/album/${id}`,
  profile: (id) => `/profile/${id}`,
};

/**
 * Fans' reports (issue 21, docs/decisions/059): anyone reports a track, an album or a profile
 * that exists; operators see the open ones newest first and act on one (with a note saying what
 * was done) or dismiss it. Closing writes the audit log in the same transaction, and happens once.
 */
export class ReportsService {
  constructor(private readonly deps: { db: () => Db }) {}

  private get db() {
    return this.deps.db();
  }

  /** A fan's report of an item that exists; the route has checked itemId's shape (knownBodyId). */
  async report(input: { itemType: ReportItemType; itemId: string; reason: string; email?: string }): Promise<void> {
    if (!(await itemExists(this.db, input.itemType, input.itemId))) throw new AppError('report.item-not-found');
    await insertReport(this.db, { itemType: input.itemType, itemId: input.itemId, reason: input.reason, email: input.email ?? null });
  }

  async list(status: 'open' | 'actioned' | 'dismissed'): Promise<AdminReport[]> {
    const rows = await listReports(this.db, status);
    return rows.map(({ report, itemName, artistName }) => ({
      id: report.id,
      itemType: report.itemType,
      itemId: report.itemId,
      itemName,
      artistName,
      url: itemName === null ? null : PAGE_OF[report.itemType](report.itemId),
      reason: report.reason,
      email: report.email,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      closedAt: report.closedAt?.toISOString() ?? null,
      closedByEmail: report.closedByEmail,
      closeNote: report.closeNote,
    }));
  }

  /** 'actioned' (the note says what was done) or 'dismissed'; a report closed already is 409, an unknown one 404. */
  async close(actor: Actor, reportId: string, status: 'actioned' | 'dismissed', note: string | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      const closed = await closeReport(tx, reportId, status, actor.email, note || null);
      if (!closed) throw new AppError((await findReport(tx, reportId)) ? 'report.closed' : 'report.not-found');
      await appendAudit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: status === 'actioned' ? 'report.action' : 'report.dismiss',
        targetType: 'report',
        targetId: reportId,
        reason: note ?? null,
        details: { itemType: closed.itemType, itemId: closed.itemId },
      });
    });
  }
}
