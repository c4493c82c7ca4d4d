import { and, count, desc, eq, ilike, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, editorPicks, operatorRecoveryCodes, operators, operatorVerifications, tracks, users } from '../../db/schema';
import { ADMIN_FRESHNESS_HOURS } from '#common/schemas/admin';

/** Data access of the operator's console (decision 051). The audit log is only ever inserted into. */

export async function findUserByEmail(db: DbOrTx, email: string): Promise<{ id: string; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function insertOperator(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.insert(operators).values({ userId }).onConflictDoNothing().returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function deleteOperator(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.delete(operators).where(eq(operators.userId, userId)).returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function listOperators(db: DbOrTx) {
  return db
    .select({ email: users.email, grantedAt: operators.grantedAt, enrolledAt: operators.enrolledAt })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .orderBy(operators.grantedAt);
}

export interface OperatorAccess {
  enrolled: boolean;
  /** Until when this session may act, or null when never verified. */
  verifiedUntil: Date | null;
  fresh: boolean;
}

/** Whether the user is an operator, enrolled, and verified in this session within the freshness window (the database's clock). */
export async function findAccess(db: DbOrTx, userId: string, sessionIdHash: string): Promise<OperatorAccess | undefined> {
  const [row] = await db
    .select({
      enrolledAt: operators.enrolledAt,
      verifiedUntil: sql<Date | null>`${operatorVerifications.verifiedAt} + make_interval(hours => ${ADMIN_FRESHNESS_HOURS})`.mapWith(operatorVerifications.verifiedAt),
      fresh: sql<boolean>`coalesce(${operatorVerifications.verifiedAt} > now() - make_interval(hours => ${ADMIN_FRESHNESS_HOURS}), false)`,
    })
    .from(operators)
    .leftJoin(operatorVerifications, and(eq(operatorVerifications.sessionIdHash, sessionIdHash), eq(operatorVerifications.userId, operators.userId)))
    .where(eq(operators.userId, userId))
    .limit(1);
  if (!row) return undefined;
  const enrolled = row.enrolledAt !== null;
  return { enrolled, verifiedUntil: enrolled ? row.verifiedUntil : null, fresh: enrolled && Boolean(row.fresh) };
}

export async function findSecrets(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ pendingSecret: operators.pendingSecret, totpSecret: operators.totpSecret, lastTotpStep: operators.lastTotpStep })
    .from(operators)
    .where(eq(operators.userId, userId))
    .limit(1);
  return row;
}

export async function setPendingSecret(db: DbOrTx, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ pendingSecret: secret })
    .where(and(eq(operators.userId, userId), isNull(operators.enrolledAt)))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

/** Enrols the pending secret (as stored) a code of `step` confirmed, stored as `sealed`: once, whichever process asks first. */
export async function confirmEnrolment(tx: DbOrTx, userId: string, pendingSecret: string, step: number, sealed: string): Promise<boolean> {
  const rows = await tx
    .update(operators)
    .set({ totpSecret: sealed, pendingSecret: null, enrolledAt: sql`now()`, lastTotpStep: step })
    .where(and(eq(operators.userId, userId), eq(operators.pendingSecret, pendingSecret), isNull(operators.enrolledAt)))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

/** Operators with a secret stored before encryption (decision 059): not starting with `prefix`. */
export async function findUnsealedSecrets(db: DbOrTx, prefix: string) {
  return db
    .select({ userId: operators.userId, totpSecret: operators.totpSecret, pendingSecret: operators.pendingSecret })
    .from(operators)
    .where(or(and(isNotNull(operators.totpSecret), notLike(operators.totpSecret, `${prefix}%`)), and(isNotNull(operators.pendingSecret), notLike(operators.pendingSecret, `${prefix}%`))));
}

/** Replaces a stored secret if it is still `from` (another process may have sealed it already). */
export async function replaceSecret(db: DbOrTx, userId: string, column: 'totpSecret' | 'pendingSecret', from: string, to: string): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ [column]: to })
    .where(and(eq(operators.userId, userId), eq(operators[column], from)))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

/** Takes a code's step if it is later than the last one taken (a code is good once, on any process). */
export async function takeStep(tx: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(operators)
    .set({ lastTotpStep: step })
    .where(and(eq(operators.userId, userId), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step))))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function insertRecoveryCodes(tx: DbOrTx, userId: string, hashes: string[]) {
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
  await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code: once. */
export async function useRecoveryCode(tx: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await tx
    .update(operatorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(operatorRecoveryCodes.userId, userId), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)))
    .returning({ id: operatorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.userId, userId), isNull(operatorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Records this session's verification now; answers until when it lets the operator act. */
export async function markVerified(tx: DbOrTx, sessionIdHash: string, userId: string): Promise<Date> {
  const [row] = await tx
    .insert(operatorVerifications)
    .values({ sessionIdHash, userId })
    .onConflictDoUpdate({ target: operatorVerifications.sessionIdHash, set: { verifiedAt: sql`now()`, userId } })
    .returning({ verifiedAt: operatorVerifications.verifiedAt });
  return new Date(row!.verifiedAt.getTime() + ADMIN_FRESHNESS_HOURS * 3600_000);
}

export interface AuditInput {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function appendAudit(tx: DbOrTx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    reason: entry.reason || null,
    details: entry.details ?? {},
  });
}

/** Newest first, `limit` entries older than the id `before`. */
export async function listAudit(db: DbOrTx, before: number | undefined, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Tracks by name or artist (case-insensitive part), with whether each is a pick: the console's search. */
export async function searchTracks(db: DbOrTx, q: string, limit = 20) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: tracks.id, name: tracks.trackName, artistName: tracks.artistName, isPick: sql<boolean>`${editorPicks.trackId} IS NOT NULL` })
    .from(tracks)
    .leftJoin(editorPicks, eq(editorPicks.trackId, tracks.id))
    .where(q ? or(ilike(tracks.trackName, pattern), ilike(tracks.artistName, pattern)) : undefined)
    .orderBy(desc(tracks.uploadedAt))
    .limit(limit);
}
