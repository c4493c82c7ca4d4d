import type { Language } from '#common/i18n/language';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albumIsUp, albums, followNotices, followReleases, followTokens, follows, trackIsUp, tracks, users } from '../../db/schema';

/** Data access of follows (issue 17): follows, their tokens, announced releases, the daily notices. */

export type Follow = typeof follows.$inferSelect;

export async function artistName(db: DbOrTx, artistId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, artistId)).limit(1);
  return row?.name;
}

/**
 * The follow of this address, made unconfirmed if new (races: the unique index keeps one); its
 * language becomes the one of this latest follow (decision 056).
 */
export async function upsertFollow(db: DbOrTx, artistId: string, email: string, language: Language): Promise<Follow> {
  await db
    .insert(follows)
    .values({ artistId, email, language })
    .onConflictDoUpdate({ target: [follows.artistId, follows.email], set: { language } });
  const [row] = await db
    .select()
    .from(follows)
    .where(and(eq(follows.artistId, artistId), eq(follows.email, email)))
    .limit(1);
  return row!;
}

export async function insertFollowToken(db: DbOrTx, followId: string, tokenHash: string, purpose: 'confirm' | 'unsubscribe'): Promise<void> {
  await db.insert(followTokens).values({ followId, tokenHash, purpose });
}

export async function followOfToken(db: DbOrTx, tokenHash: string, purpose: 'confirm' | 'unsubscribe'): Promise<Follow | undefined> {
  const [row] = await db
    .select({ follow: follows })
    .from(followTokens)
    .innerJoin(follows, eq(follows.id, followTokens.followId))
    .where(and(eq(followTokens.tokenHash, tokenHash), eq(followTokens.purpose, purpose)))
    .limit(1);
  return row?.follow;
}

/** Confirms once; answers whether this call did. */
export async function confirmFollow(db: DbOrTx, followId: string): Promise<boolean> {
  const updated = await db
    .update(follows)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(follows.id, followId), sql`${follows.confirmedAt} is null`))
    .returning({ id: follows.id });
  return updated.length > 0;
}

export async function deleteFollow(db: DbOrTx, followId: string): Promise<boolean> {
  const deleted = await db.delete(follows).where(eq(follows.id, followId)).returning({ id: follows.id });
  return deleted.length > 0;
}

export async function confirmedFollowers(db: DbOrTx, artistId: string): Promise<Follow[]> {
  return db
    .select()
    .from(follows)
    .where(and(eq(follows.artistId, artistId), isNotNull(follows.confirmedAt)));
}

export async function confirmedFollowerCount(db: DbOrTx, artistId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.artistId, artistId), isNotNull(follows.confirmedAt)));
  return Number(row?.n ?? 0);
}

export interface Release {
  kind: 'track' | 'album';
  id: string;
  artistId: string;
  name: string;
}

/**
 * The release this track or album is, if it is one: made within `maxAgeMinutes` (an edit of an old
 * one is no release), and for a track, not on an album (the album is the release).
 */
export async function recentRelease(db: DbOrTx, kind: 'track' | 'album', id: string, maxAgeMinutes: number): Promise<Release | undefined> {
  if (kind === 'track') {
    const [row] = await db
      .select({ id: tracks.id, artistId: tracks.userId, name: tracks.trackName })
      .from(tracks)
      .where(and(eq(tracks.id, id), sql`${tracks.albumId} is null`, trackIsUp(), sql`${tracks.uploadedAt} > now() - make_interval(mins => ${maxAgeMinutes})`))
      .limit(1);
    return row ? { kind, ...row } : undefined;
  }
  const [row] = await db
    .select({ id: albums.id, artistId: albums.userId, name: albums.albumName })
    .from(albums)
    .where(and(eq(albums.id, id), albumIsUp(), sql`${albums.createdAt} > now() - make_interval(mins => ${maxAgeMinutes})`))
    .limit(1);
  return row ? { kind, ...row } : undefined;
}

/**
 * Releases of the last `maxAgeMinutes` not yet announced whose artist has a confirmed follower:
 * what the sweep queues when a process died between a release's commit and queueing its job.
 */
export async function unannouncedReleases(db: DbOrTx, maxAgeMinutes: number, limit: number): Promise<{ kind: 'track' | 'album'; id: string }[]> {
  const result = await db.execute<{ kind: 'track' | 'album'; id: string }>(sql`
    (SELECT 'track' AS kind, t.id FROM ${tracks} t
      WHERE t.album_id IS NULL AND t.uploaded_at > now() - make_interval(mins => ${maxAgeMinutes})
        AND NOT EXISTS (SELECT 1 FROM ${followReleases} r WHERE r.kind = 'track' AND r.release_id = t.id)
        AND EXISTS (SELECT 1 FROM ${follows} f WHERE f.artist_id = t.user_id AND f.confirmed_at IS NOT NULL)
      LIMIT ${limit})
    UNION ALL
    (SELECT 'album' AS kind, a.id FROM ${albums} a
      WHERE a.created_at > now() - make_interval(mins => ${maxAgeMinutes})
        AND NOT EXISTS (SELECT 1 FROM ${followReleases} r WHERE r.kind = 'album' AND r.release_id = a.id)
        AND EXISTS (SELECT 1 FROM ${follows} f WHERE f.artist_id = a.user_id AND f.confirmed_at IS NOT NULL)
      LIMIT ${limit})`);
  return result.rows;
}

/** Marks a release announced; answers false when another process (or job) already did. */
export async function markAnnounced(db: DbOrTx, kind: 'track' | 'album', id: string): Promise<boolean> {
  const inserted = await db.insert(followReleases).values({ kind, releaseId: id }).onConflictDoNothing().returning({ id: followReleases.releaseId });
  return inserted.length > 0;
}

/** Takes today's (UTC) one release mail of this follow; false when it was already sent today. */
export async function takeDailyNotice(db: DbOrTx, followId: string, day: string): Promise<boolean> {
  const inserted = await db.insert(followNotices).values({ followId, day }).onConflictDoNothing().returning({ id: followNotices.followId });
  return inserted.length > 0;
}

/** Old bookkeeping: notices of past days and releases announced long ago. */
export async function purgeOldFollowRows(db: DbOrTx): Promise<void> {
  await db.delete(followNotices).where(sql`${followNotices.day} < (now() at time zone 'utc')::date - 2`);
  await db.delete(followReleases).where(sql`${followReleases.announcedAt} < now() - interval '7 days'`);
}
