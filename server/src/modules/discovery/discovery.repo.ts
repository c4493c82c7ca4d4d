import { and, asc, desc, eq, gt, inArray, sql, type SQL, type SQLWrapper, type Subquery } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albumIsUp, albums, artistIsUp, covers, discoveryRankings, editorPicks, trackIsUp, trackTrends, tracks, users, type RankingList } from '../../db/schema';
import { DOWNLOAD_WEIGHT, POPULAR_WINDOW_DAYS, RANKING_SIZE, TRENDING_WINDOW_DAYS } from './discovery.rules';
import { publicAlbumColumns, publicTrackColumns } from '../public-pages';

/** Every process replacing the rankings takes this lock first, so two replacements never interleave. */
const RANKING_LOCK_KEY = 7_382_019_128;

export interface RankedItem {
  itemId: string;
  score: number;
}

/**
 * Popular artists: counted plays of their tracks over the last 30 days plus downloads weighted
 * as in trending, no decay; artists at zero are not listed. Ties: the newer account, then the id.
 */
export async function computePopularArtists(db: DbOrTx, now: Date): Promise<RankedItem[]> {
  const since = new Date(now.getTime() - POPULAR_WINDOW_DAYS * 86_400_000).toISOString();
  const result = await db.execute<{ item_id: string; score: number }>(sql`
    WITH per_track AS (
      SELECT track_id, count(*)::float8 AS score FROM track_plays
      WHERE played_at > ${since}::timestamptz GROUP BY track_id
      UNION ALL
      SELECT track_id, ${DOWNLOAD_WEIGHT}::float8 * count(*) FROM track_downloads
      WHERE downloaded_at > ${since}::timestamptz GROUP BY track_id
    ), per_artist AS (
      SELECT t.user_id, sum(p.score) AS score
      FROM per_track p JOIN ${tracks} t ON t.id = p.track_id
      GROUP BY t.user_id
    )
    SELECT a.user_id AS item_id, a.score
    FROM per_artist a JOIN ${users} u ON u.id = a.user_id
    WHERE a.score > 0
    ORDER BY a.score DESC, u.created_at DESC, u.id DESC
    LIMIT ${RANKING_SIZE}`);
  return result.rows.map((row) => ({ itemId: row.item_id, score: Number(row.score) }));
}

/** Serialises replacements of the rankings across processes, until the transaction ends. */
export async function lockRankings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RANKING_LOCK_KEY})`);
}

/** Inside a transaction: the list's rows become `items`, in order (position 1 first). */
export async function replaceRanking(tx: DbOrTx, list: RankingList, items: RankedItem[], computedAt: Date): Promise<void> {
  await tx.delete(discoveryRankings).where(eq(discoveryRankings.list, list));
  if (items.length === 0) return;
  await tx
    .insert(discoveryRankings)
    .values(items.map((item, index) => ({ list, position: index + 1, itemId: item.itemId, score: item.score, computedAt })));
}

/** The lists that hold no entry at all (never computed, or nothing to rank). */
export async function emptyRankings(db: DbOrTx): Promise<RankingList[]> {
  const result = await db.execute<{ list: RankingList }>(sql`
    SELECT l.list FROM (VALUES ('popular-artists')) AS l(list)
    WHERE NOT EXISTS (SELECT 1 FROM ${discoveryRankings} r WHERE r.list = l.list)`);
  return result.rows.map((row) => row.list);
}

export async function rankingRows(db: DbOrTx, list: RankingList) {
  return db.select().from(discoveryRankings).where(eq(discoveryRankings.list, list)).orderBy(asc(discoveryRankings.position));
}

// --- reads for the API: a few rows by key, joined to what they show ---------------------------

/**
 * The first RANKING_SIZE entries of a list, by primary key, before any join: the plan stays a few
 * index lookups whatever the planner believes about the tables (a freshly filled editor_picks
 * with no statistics once made it hash-join all of tracks: 8 ms a request).
 */
function topOf(db: DbOrTx, list: RankingList) {
  return db
    .select({ itemId: discoveryRankings.itemId, position: discoveryRankings.position })
    .from(discoveryRankings)
    .where(eq(discoveryRankings.list, list))
    .orderBy(asc(discoveryRankings.position))
    .limit(RANKING_SIZE)
    .as('top');
}

/** The public tracks a list's first rows name (`top`, its track ids), those still up, in `order`. */
function publicTracksOf(db: DbOrTx, top: Subquery, trackId: SQLWrapper, limit: number, order: SQL[]) {
  return db
    .select(publicTrackColumns)
    .from(top)
    .innerJoin(tracks, eq(tracks.id, trackId))
    .where(trackIsUp())
    .orderBy(...order)
    .limit(limit);
}

/**
 * Currently Trending (decision 039): the tracks with the highest kept scores and an event in the
 * last 14 days, read by the rank index. Ties (equal scores): the newer upload, then the id.
 */
export async function readTrending(db: DbOrTx, limit: number) {
  const top = db
    .select({ trackId: trackTrends.trackId, rank: trackTrends.rank })
    .from(trackTrends)
    .where(gt(trackTrends.at, sql`now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`))
    .orderBy(desc(trackTrends.rank), desc(trackTrends.trackId))
    .limit(RANKING_SIZE)
    .as('top');
  return publicTracksOf(db, top, top.trackId, limit, [desc(top.rank), desc(tracks.uploadedAt), desc(tracks.id)]);
}

export type PublicTrackRow = Awaited<ReturnType<typeof readTrending>>[number];

export interface PublicArtistRow {
  id: string;
  displayName: string;
  displaySlug: string;
  profilePhotoKey: string | null;
}

/** The popular artists in rank order; an account deleted since is skipped. */
export async function readPopularArtists(db: DbOrTx, limit: number): Promise<PublicArtistRow[]> {
  const top = topOf(db, 'popular-artists');
  return db
    .select({ id: users.id, displayName: users.displayName, displaySlug: users.displaySlug, profilePhotoKey: users.profilePhotoKey })
    .from(top)
    .innerJoin(users, eq(users.id, top.itemId))
    .where(artistIsUp())
    .orderBy(asc(top.position))
    .limit(limit);
}

/**
 * The editor's picks by position. A deleted track's pick went with it (ON DELETE CASCADE), so
 * taking the first picks before the join loses none.
 */
export async function readEditorsPicks(db: DbOrTx, limit: number) {
  const top = db
    .select({ trackId: editorPicks.trackId, position: editorPicks.position, addedAt: editorPicks.addedAt })
    .from(editorPicks)
    .orderBy(asc(editorPicks.position), asc(editorPicks.addedAt), asc(editorPicks.trackId))
    .limit(limit)
    .as('top');
  return publicTracksOf(db, top, top.trackId, limit, [asc(top.position), asc(top.addedAt), asc(top.trackId)]);
}

/**
 * New Releases (issue 17): the newest albums with songs and tracks not on an album, newest first
 * (ties: the larger id). Each side takes its first `limit` by its own index before they are merged.
 */
export async function newReleaseKeys(db: DbOrTx, limit: number): Promise<{ kind: 'track' | 'album'; id: string }[]> {
  const result = await db.execute<{ kind: 'track' | 'album'; id: string }>(sql`
    SELECT kind, id FROM (
      (SELECT 'track' AS kind, id, uploaded_at AS at FROM ${tracks} WHERE album_id IS NULL AND ${trackIsUp()} ORDER BY uploaded_at DESC, id DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'album', a.id, a.created_at FROM ${albums} a
        WHERE EXISTS (SELECT 1 FROM ${tracks} t WHERE t.album_id = a.id AND ${trackIsUp('t')}) AND ${albumIsUp('a')} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit})
    ) releases ORDER BY at DESC, id DESC LIMIT ${limit}`);
  return result.rows;
}

export async function publicTracksByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(publicTrackColumns).from(tracks).where(and(inArray(tracks.id, ids), trackIsUp()));
}

/** Albums with their artist's public columns (an album's artist name is its artist's display name). */
export async function publicAlbumsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ album: publicAlbumColumns, artist: { id: users.id, displayName: users.displayName, displaySlug: users.displaySlug, profilePhotoKey: users.profilePhotoKey } })
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .leftJoin(covers, eq(covers.id, albums.coverId))
    .where(and(inArray(albums.id, ids), albumIsUp()));
}

// --- editor's picks, written only by the operator's command-line tool --------------------------

/** Every process (and CLI) changing the picks takes this lock first: positions are renumbered as a whole. */
const PICKS_LOCK_KEY = 7_382_019_129;

export interface PickRow {
  trackId: string;
  position: number;
  trackName: string;
  artistName: string;
}

export async function lockPicks(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PICKS_LOCK_KEY})`);
}

export async function listPicks(db: DbOrTx): Promise<PickRow[]> {
  return db
    .select({ trackId: editorPicks.trackId, position: editorPicks.position, trackName: tracks.trackName, artistName: tracks.artistName })
    .from(editorPicks)
    .innerJoin(tracks, eq(tracks.id, editorPicks.trackId))
    .orderBy(asc(editorPicks.position), asc(editorPicks.addedAt), asc(editorPicks.trackId));
}

export async function findTrackTitle(db: DbOrTx, trackId: string): Promise<{ trackName: string; artistName: string } | undefined> {
  const [row] = await db
    .select({ trackName: tracks.trackName, artistName: tracks.artistName })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .limit(1);
  return row;
}

export async function insertPick(tx: DbOrTx, trackId: string, position: number): Promise<void> {
  await tx.insert(editorPicks).values({ trackId, position });
}

export async function deletePick(tx: DbOrTx, trackId: string): Promise<boolean> {
  const deleted = await tx.delete(editorPicks).where(eq(editorPicks.trackId, trackId)).returning({ trackId: editorPicks.trackId });
  return deleted.length > 0;
}

/** Positions 1..n in the given order. */
export async function renumberPicks(tx: DbOrTx, trackIds: string[]): Promise<void> {
  for (const [index, trackId] of trackIds.entries()) {
    await tx.update(editorPicks).set({ position: index + 1 }).where(eq(editorPicks.trackId, trackId));
  }
}
