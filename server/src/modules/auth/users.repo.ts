import type { Language } from '#common/i18n/language';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { previousSlugs, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Whether a slug belongs to someone: an artist's current slug, or one retired by a rename
 * (previous_slugs, written by the profiles module and read here, so an old share link keeps
 * leading to its artist). One statement, two primary-key/unique-index probes.
 */
export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.displaySlug} = ${slug})
      OR EXISTS (SELECT 1 FROM ${previousSlugs} WHERE ${previousSlugs.slug} = ${slug}) AS taken`);
  return result.rows[0]?.taken === true;
}

/** The account whose current slug this is (not someone's previous slug). */
export async function findUserBySlug(db: DbOrTx, slug: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.displaySlug, slug)).limit(1);
  return row;
}

/**
 * Which of these slugs belong to someone, by the same rule as slugTaken (current or previous
 * slugs), in one statement: checking a handful of suggested display names costs one round trip.
 */
export async function takenSlugs(db: DbOrTx, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const list = [...slugs];
  const rows = await db
    .select({ slug: users.displaySlug })
    .from(users)
    .where(inArray(users.displaySlug, list))
    .union(db.select({ slug: previousSlugs.slug }).from(previousSlugs).where(inArray(previousSlugs.slug, list)));
  return new Set(rows.map((row) => row.slug));
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; displayName: string; displaySlug: string; language: Language },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function markEmailVerified(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The language the person's e-mails are written in (decision 056), as they last chose it (decision 063). */
export async function updateUserLanguage(db: DbOrTx, userId: string, language: Language) {
  await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
