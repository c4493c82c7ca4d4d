import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { artistIsUp, previousSlugs, socialLinks, users } from '../../db/schema';

/**
 * The profile's data: the display name, slug and photo columns of users (the account columns are
 * auth's), and the tables this module alone writes: previous_slugs and social_links.
 */

export interface ProfileUserRow {
  id: string;
  email: string;
  displayName: string;
  displaySlug: string;
  profilePhotoKey: string | null;
}

const profileColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  displaySlug: users.displaySlug,
  profilePhotoKey: users.profilePhotoKey,
};

export async function findProfileUser(db: DbOrTx, userId: string): Promise<ProfileUserRow | undefined> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The artist's photo key and whether the artist is taken down (decision 058's rule, in one place). */
export async function findProfilePhoto(db: DbOrTx, userId: string): Promise<{ profilePhotoKey: string | null; takenDown: boolean } | undefined> {
  const [row] = await db
    .select({ profilePhotoKey: users.profilePhotoKey, takenDown: sql<boolean>`not ${artistIsUp()}`.mapWith(Boolean) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Inside a transaction: the artist's row, locked until commit (renames and link counts queue up). */
export async function lockProfileUser(tx: DbOrTx, userId: string): Promise<ProfileUserRow | undefined> {
  const [row] = await tx.select(profileColumns).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function updateProfileUser(
  db: DbOrTx,
  userId: string,
  values: Partial<{ displayName: string; displaySlug: string; profilePhotoKey: string | null }>,
): Promise<ProfileUserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row!;
}

/** Who holds a slug as their current one. */
export async function currentSlugOwner(db: DbOrTx, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.displaySlug, slug)).limit(1);
  return row?.id;
}

/** Who a retired slug still points to. */
export async function previousSlugOwner(db: DbOrTx, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: previousSlugs.userId }).from(previousSlugs).where(eq(previousSlugs.slug, slug)).limit(1);
  return row?.userId;
}

/**
 * Retires a slug to its artist. If another artist had it retired to them (they held it before,
 * and this artist took it at sign-up), it now points to its latest holder.
 */
export async function retireSlug(tx: DbOrTx, userId: string, slug: string): Promise<void> {
  await tx
    .insert(previousSlugs)
    .values({ slug, userId })
    .onConflictDoUpdate({ target: previousSlugs.slug, set: { userId, retiredAt: sql`now()` } });
}

export async function releasePreviousSlug(tx: DbOrTx, userId: string, slug: string): Promise<void> {
  await tx.delete(previousSlugs).where(and(eq(previousSlugs.slug, slug), eq(previousSlugs.userId, userId)));
}

/** Keeps only the artist's `keep` most recently retired slugs; older ones are free again. */
export async function trimPreviousSlugs(tx: DbOrTx, userId: string, keep: number): Promise<void> {
  const kept = tx
    .select({ slug: previousSlugs.slug })
    .from(previousSlugs)
    .where(eq(previousSlugs.userId, userId))
    .orderBy(desc(previousSlugs.retiredAt), desc(previousSlugs.slug))
    .limit(keep);
  await tx.delete(previousSlugs).where(and(eq(previousSlugs.userId, userId), notInArray(previousSlugs.slug, kept)));
}

export async function previousSlugsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ slug: previousSlugs.slug }).from(previousSlugs).where(eq(previousSlugs.userId, userId));
  return rows.map((row) => row.slug);
}

// --- social links ----------------------------------------------------------------------------

export interface SocialLinkRow {
  id: string;
  title: string;
  url: string;
}

const linkColumns = { id: socialLinks.id, title: socialLinks.title, url: socialLinks.url };

export async function listSocialLinks(db: DbOrTx, userId: string): Promise<SocialLinkRow[]> {
  return db.select(linkColumns).from(socialLinks).where(eq(socialLinks.userId, userId)).orderBy(asc(socialLinks.createdAt), asc(socialLinks.id));
}

export async function countSocialLinks(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(socialLinks).where(eq(socialLinks.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertSocialLink(db: DbOrTx, values: { userId: string; title: string; url: string }): Promise<SocialLinkRow> {
  const [row] = await db.insert(socialLinks).values(values).returning(linkColumns);
  return row!;
}

/** Deletes the artist's own link; false when there is none with that id (or it is another artist's). */
export async function deleteSocialLink(db: DbOrTx, userId: string, linkId: string): Promise<boolean> {
  const rows = await db
    .delete(socialLinks)
    .where(and(eq(socialLinks.id, linkId), eq(socialLinks.userId, userId)))
    .returning({ id: socialLinks.id });
  return rows.length > 0;
}

export async function usersWithPhotoKeys(db: DbOrTx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: users.profilePhotoKey }).from(users).where(inArray(users.profilePhotoKey, keys));
  return rows.map((row) => row.key!);
}
