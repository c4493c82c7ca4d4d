import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albums, reports, tracks, users } from '../../db/schema';
import type { ReportItemType } from '#common/schemas/reports';

/** Data access of fans' reports (issue 21, docs/decisions/059). */

export type ReportRow = typeof reports.$inferSelect;

/** Whether the reported item exists (a track, an album, an artist's account). */
export async function itemExists(db: DbOrTx, itemType: ReportItemType, itemId: string): Promise<boolean> {
  const table = itemType === 'track' ? tracks : itemType === 'album' ? albums : users;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, itemId)).limit(1);
  return row !== undefined;
}

export async function insertReport(db: DbOrTx, values: { itemType: ReportItemType; itemId: string; reason: string; email: string | null }): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

/** The reports of one status, newest first, with the item's name and artist (null when it is gone). */
export async function listReports(db: DbOrTx, status: ReportRow['status'], limit = 200) {
  return db
    .select({
      report: reports,
      itemName: sql<string | null>`CASE ${reports.itemType} WHEN 'track' THEN ${tracks.trackName} WHEN 'album' THEN ${albums.albumName} ELSE ${users.displayName} END`,
      artistName: sql<string | null>`CASE ${reports.itemType} WHEN 'track' THEN ${tracks.artistName} ELSE ${users.displayName} END`,
    })
    .from(reports)
    .leftJoin(tracks, and(eq(reports.itemType, 'track'), eq(tracks.id, reports.itemId)))
    .leftJoin(albums, and(eq(reports.itemType, 'album'), eq(albums.id, reports.itemId)))
    .leftJoin(users, sql`${users.id} = CASE ${reports.itemType} WHEN 'profile' THEN ${reports.itemId} WHEN 'album' THEN ${albums.userId} ELSE ${tracks.userId} END`)
    .where(eq(reports.status, status))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

/** Closes an open report: once, whichever operator (on whichever process) asks first. */
export async function closeReport(tx: DbOrTx, id: string, status: 'actioned' | 'dismissed', closedByEmail: string, note: string | null): Promise<ReportRow | undefined> {
  const [row] = await tx
    .update(reports)
    .set({ status, closedAt: sql`now()`, closedByEmail, closeNote: note })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning();
  return row;
}

export async function findReport(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}
