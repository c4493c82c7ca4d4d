import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  displaySlug: string;
  profilePhotoKey: string | null;
}

export async function insertSession(db: DbOrTx, idHash: string, userId: string, expiresAt: Date) {
  await db.insert(sessions).values({ idHash, userId, expiresAt });
}

export async function findSessionUser(db: DbOrTx, idHash: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      displaySlug: users.displaySlug,
      profilePhotoKey: users.profilePhotoKey,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Deletes the session; returns whose it was (undefined if there was none). */
export async function deleteSession(db: DbOrTx, idHash: string): Promise<string | undefined> {
  const [row] = await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ userId: sessions.userId });
  return row?.userId;
}

export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
