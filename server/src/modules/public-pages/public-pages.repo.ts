import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  albumIsUp,
  albums,
  artistIsUp,
  covers,
  paymentMethods,
  profileDailyViews,
  profileViews,
  profileViewThrottle,
  socialLinks,
  trackIsUp,
  trackRenditions,
  tracks,
  users,
} from '../../db/schema';

/**
 * What anyone may read, selected column by column: the uploader's file name, the storage keys,
 * the e-mail address and the password hash are never read here, so no change to a view function
 * can leak them. Reads only; the rows are written by their own modules (catalog, accounts,
 * profiles), except the profile views this module counts.
 */

/** One counted view per viewer per profile in this window, like plays (docs/decisions/015). */
export const PROFILE_VIEW_WINDOW_MINUTES = 10;

const artistColumns = {
  id: users.id,
  displayName: users.displayName,
  displaySlug: users.displaySlug,
  profilePhotoKey: users.profilePhotoKey,
};
export interface ArtistRow {
  id: string;
  displayName: string;
  displaySlug: string;
  profilePhotoKey: string | null;
}

/**
 * An outer row's column, named with its table. Drizzle leaves columns unqualified in a query of one
 * table, and an unqualified name inside a subquery means the subquery's own column when it has one
 * (payment_methods.user_id = user_id was true for every artist once anyone had a payout method).
 */
const qualified = (table: 'tracks' | 'albums', column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`;

/**
 * Whether the artist of the row can be paid (issue 16's `purchasable`): they have a payout method,
 * as payments' initialize requires (payouts' findPayoutMethod: any row of payment_methods). Read
 * here per row, by the unique index on user_id, so every list of public tracks or albums carries
 * it in the same query.
 */
const sellerCanBePaid = (table: 'tracks' | 'albums') =>
  sql<boolean>`exists (select 1 from ${paymentMethods} pm where pm.user_id = ${qualified(table, 'user_id')})`.mapWith(Boolean);

/**
 * The cover a track shows (issue 17): its own, else its album's. The one place that rule lives:
 * every public list, page, player and share card reads a track's cover through these columns,
 * and playback's cover thumbnail of a track follows the same rule.
 */
const shownCoverId = sql<string | null>`coalesce(${qualified('tracks', 'cover_id')}, (select a.cover_id from ${albums} a where a.id = ${qualified('tracks', 'album_id')}))`;

/** The columns of a public track (no original file name, no storage keys), for whoever lists tracks publicly. */
export const publicTrackColumns = {
  id: tracks.id,
  userId: tracks.userId,
  trackName: tracks.trackName,
  artistName: tracks.artistName,
  fileSize: tracks.fileSize,
  mimeType: tracks.mimeType,
  duration: tracks.duration,
  downloadCount: tracks.downloadCount,
  uploadedAt: tracks.uploadedAt,
  coverId: shownCoverId,
  coverMimeType: sql<string | null>`(select c.mime_type from ${covers} c where c.id = ${shownCoverId})`,
  albumId: tracks.albumId,
  price: tracks.price,
  payMore: tracks.payMore,
  suggestedPrice: tracks.suggestedPrice,
  allowFullPlayback: tracks.allowFullPlayback,
  genre: tracks.genre,
  tags: tracks.tags,
  streamCount: tracks.streamCount,
  sellerCanBePaid: sellerCanBePaid('tracks'),
};
const trackColumns = { ...publicTrackColumns, albumPosition: tracks.albumPosition };
export interface PublicTrackRow {
  id: string;
  userId: string;
  trackName: string;
  artistName: string;
  fileSize: number;
  mimeType: string;
  duration: number;
  downloadCount: number;
  uploadedAt: Date;
  coverId: string | null;
  coverMimeType: string | null;
  albumId: string | null;
  albumPosition: number | null;
  price: number;
  payMore: boolean;
  suggestedPrice: number | null;
  allowFullPlayback: boolean;
  genre: string | null;
  tags: string[];
  streamCount: number;
  sellerCanBePaid: boolean;
}

/** The columns of a public album (its cover's type and size, whether its artist can be paid). */
export const publicAlbumColumns = {
  id: albums.id,
  userId: albums.userId,
  albumName: albums.albumName,
  coverId: albums.coverId,
  coverMimeType: covers.mimeType,
  price: albums.price,
  payMore: albums.payMore,
  suggestedPrice: albums.suggestedPrice,
  genre: albums.genre,
  tags: albums.tags,
  createdAt: albums.createdAt,
  coverByteSize: covers.byteSize,
  sellerCanBePaid: sellerCanBePaid('albums'),
};
export interface PublicAlbumRow {
  id: string;
  userId: string;
  albumName: string;
  coverId: string | null;
  coverMimeType: string | null;
  price: number;
  payMore: boolean;
  suggestedPrice: number | null;
  genre: string | null;
  tags: string[];
  createdAt: Date;
  /** The cover's original, which the album's original ZIP holds (null: no cover). */
  coverByteSize: number | null;
  sellerCanBePaid: boolean;
}

/**
 * An account that never verified its e-mail address has no public page (it cannot sign in to make
 * one), nor one an operator took down (decision 058).
 */
export const isPublicArtist = and(isNotNull(users.emailVerifiedAt), artistIsUp())!;

export async function findArtistById(db: Db, id: string): Promise<ArtistRow | undefined> {
  const [row] = await db.select(artistColumns).from(users).where(and(eq(users.id, id), isPublicArtist)).limit(1);
  return row;
}

/** By the display name's slug (users.display_slug is unique). */
export async function findArtistBySlug(db: Db, slug: string): Promise<ArtistRow | undefined> {
  const [row] = await db.select(artistColumns).from(users).where(and(eq(users.displaySlug, slug), isPublicArtist)).limit(1);
  return row;
}

function selectTracks(db: Db) {
  return db.select(trackColumns).from(tracks);
}

/** Every track of the artist, newest first. */
export async function listArtistTracks(db: Db, userId: string): Promise<PublicTrackRow[]> {
  return selectTracks(db).where(and(eq(tracks.userId, userId), trackIsUp())).orderBy(desc(tracks.uploadedAt), desc(tracks.id));
}

/** The tracks of these albums, each album's in album order. */
export async function listAlbumTracks(db: Db, albumIds: string[]): Promise<PublicTrackRow[]> {
  if (albumIds.length === 0) return [];
  return selectTracks(db)
    .where(and(inArray(tracks.albumId, albumIds), trackIsUp()))
    .orderBy(asc(tracks.albumPosition), asc(tracks.uploadedAt), asc(tracks.id));
}

/** The album a track is on, as its page names and links it (issue 17). */
export interface TrackAlbumRow {
  id: string;
  albumName: string;
  coverId: string | null;
  coverMimeType: string | null;
}

export async function findTrack(
  db: Db,
  trackId: string,
): Promise<{ track: PublicTrackRow; artist: ArtistRow; album: TrackAlbumRow | null } | undefined> {
  const [row] = await db
    .select({
      track: trackColumns,
      artist: artistColumns,
      albumName: albums.albumName,
      albumCoverId: albums.coverId,
      albumCoverMimeType: sql<string | null>`(select c.mime_type from ${covers} c where c.id = ${albums.coverId})`,
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .leftJoin(albums, eq(albums.id, tracks.albumId))
    .where(and(eq(tracks.id, trackId), trackIsUp()))
    .limit(1);
  if (!row) return undefined;
  const { track, artist, albumName, albumCoverId, albumCoverMimeType } = row;
  const album = track.albumId && albumName !== null ? { id: track.albumId, albumName, coverId: albumCoverId, coverMimeType: albumCoverMimeType } : null;
  return { track, artist, album };
}

/** "More from {artist}" on a track page: the artist's newest other tracks. */
export async function listMoreFromArtist(db: Db, userId: string, exceptTrackId: string, limit: number): Promise<PublicTrackRow[]> {
  return selectTracks(db)
    .where(and(eq(tracks.userId, userId), ne(tracks.id, exceptTrackId), trackIsUp()))
    .orderBy(desc(tracks.uploadedAt), desc(tracks.id))
    .limit(limit);
}

function selectAlbums(db: Db) {
  return db.select(publicAlbumColumns).from(albums).leftJoin(covers, eq(covers.id, albums.coverId));
}

/** The artist's albums, newest first (as the dashboard lists them). */
export async function listArtistAlbums(db: Db, userId: string): Promise<PublicAlbumRow[]> {
  return selectAlbums(db).where(and(eq(albums.userId, userId), albumIsUp())).orderBy(desc(albums.createdAt), desc(albums.id));
}

export async function findAlbum(db: Db, albumId: string): Promise<{ album: PublicAlbumRow; artist: ArtistRow } | undefined> {
  const [row] = await db
    .select({ album: publicAlbumColumns, artist: artistColumns })
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .leftJoin(covers, eq(covers.id, albums.coverId))
    .where(and(eq(albums.id, albumId), albumIsUp()))
    .limit(1);
  return row;
}

/**
 * The exact sizes of the download formats already made of these tracks (issue 16's `downloads`):
 * only renditions made from the track's current audio count (one of replaced audio is stale).
 * Storage keys are compared here, never selected.
 */
export async function madeDownloadSizes(db: DbOrTx, trackIds: string[]): Promise<Map<string, Partial<Record<'mp3' | 'flac', number>>>> {
  const sizes = new Map<string, Partial<Record<'mp3' | 'flac', number>>>();
  if (trackIds.length === 0) return sizes;
  const rows = await db
    .select({ trackId: trackRenditions.trackId, kind: trackRenditions.kind, byteSize: trackRenditions.byteSize })
    .from(trackRenditions)
    .innerJoin(tracks, and(eq(tracks.id, trackRenditions.trackId), eq(tracks.audioKey, trackRenditions.sourceKey)))
    .where(and(inArray(trackRenditions.trackId, trackIds), inArray(trackRenditions.kind, ['download_mp3', 'download_flac'])));
  for (const row of rows) {
    const entry = sizes.get(row.trackId) ?? {};
    entry[row.kind === 'download_mp3' ? 'mp3' : 'flac'] = row.byteSize;
    sizes.set(row.trackId, entry);
  }
  return sizes;
}

export async function listSocialLinks(db: Db, userId: string): Promise<{ id: string; title: string; url: string }[]> {
  return db
    .select({ id: socialLinks.id, title: socialLinks.title, url: socialLinks.url })
    .from(socialLinks)
    .where(eq(socialLinks.userId, userId))
    .orderBy(asc(socialLinks.createdAt), asc(socialLinks.id));
}

/**
 * Counts a view of a profile unless this viewer had one counted in the last 10 minutes. One
 * statement: the throttle row is claimed with INSERT … ON CONFLICT … WHERE (so two simultaneous
 * views on two PostgreSQL connections count once) and the view is recorded only if it was, with
 * +1 on the artist's profile_daily_views row of its UTC day (the analytics' rollup).
 * Answers whether it counted.
 */
export async function countProfileView(db: Db, userId: string, viewerHash: string): Promise<boolean> {
  const result = await db.execute(sql`
    WITH claimed AS (
      INSERT INTO ${profileViewThrottle} (user_id, viewer_hash, last_counted_at)
      SELECT ${userId}, ${viewerHash}, now() WHERE EXISTS (SELECT 1 FROM ${users} WHERE id = ${userId})
      ON CONFLICT (user_id, viewer_hash) DO UPDATE SET last_counted_at = now()
      WHERE ${profileViewThrottle.lastCountedAt} <= now() - make_interval(mins => ${PROFILE_VIEW_WINDOW_MINUTES})
      RETURNING user_id
    ), viewed AS (
      INSERT INTO ${profileViews} (user_id) SELECT user_id FROM claimed RETURNING id, user_id, viewed_at
    ), daily AS (
      INSERT INTO ${profileDailyViews} (user_id, day, views)
      SELECT user_id, (viewed_at AT TIME ZONE 'UTC')::date, 1 FROM viewed
      ON CONFLICT (user_id, day) DO UPDATE SET views = ${profileDailyViews}.views + 1
    )
    SELECT id FROM viewed`);
  return result.rows.length > 0;
}

/** A view waiting in a batch: whose profile, the viewer's hash, when it was read. */
export interface PendingView {
  userId: string;
  viewerHash: string;
  at: Date;
}

/**
 * What a batch did for each of its viewers: `counted`, and until when this viewer's next view of
 * that profile cannot count (`until`; null when the statement could not see the row that refused
 * it, a claim made by another connection at that very moment).
 */
export interface ViewOutcome {
  userId: string;
  viewerHash: string;
  counted: boolean;
  until: Date | null;
}

/**
 * Counts a batch of views in one statement (docs/decisions/052), with the rule of countProfileView:
 * each (profile, viewer) counts unless its throttle row was counted within the window before the
 * view's own time. The batch holds each (profile, viewer) once (the caller's buffer sees to it) and
 * claims its rows in key order, so two processes' batches cannot deadlock on PostgreSQL. The claim,
 * the view rows and the daily sums are one statement: all or nothing.
 */
export async function countProfileViews(db: Db, views: PendingView[]): Promise<ViewOutcome[]> {
  if (views.length === 0) return [];
  const sorted = [...views].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.viewerHash < b.viewerHash ? -1 : a.viewerHash > b.viewerHash ? 1 : 0));
  const values = sql.join(
    sorted.map((view) => sql`(${view.userId}::uuid, ${view.viewerHash}::text, ${view.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH input (user_id, viewer_hash, at) AS (VALUES ${values}),
    claimed AS (
      INSERT INTO ${profileViewThrottle} (user_id, viewer_hash, last_counted_at)
      SELECT i.user_id, i.viewer_hash, i.at FROM input i WHERE EXISTS (SELECT 1 FROM ${users} u WHERE u.id = i.user_id)
      ORDER BY i.user_id, i.viewer_hash
      ON CONFLICT (user_id, viewer_hash) DO UPDATE SET last_counted_at = excluded.last_counted_at
      WHERE ${profileViewThrottle.lastCountedAt} <= excluded.last_counted_at - make_interval(mins => ${PROFILE_VIEW_WINDOW_MINUTES})
      RETURNING user_id, viewer_hash, last_counted_at
    ), viewed AS (
      INSERT INTO ${profileViews} (user_id, viewed_at) SELECT user_id, last_counted_at FROM claimed RETURNING user_id, viewed_at
    ), daily AS (
      INSERT INTO ${profileDailyViews} (user_id, day, views)
      SELECT user_id, (viewed_at AT TIME ZONE 'UTC')::date, count(*)::int FROM viewed GROUP BY 1, 2
      ON CONFLICT (user_id, day) DO UPDATE SET views = ${profileDailyViews}.views + excluded.views
    )
    SELECT c.user_id::text AS user_id, c.viewer_hash, true AS counted, c.last_counted_at AS since FROM claimed c
    UNION ALL
    SELECT i.user_id::text, i.viewer_hash, false, t.last_counted_at
    FROM input i LEFT JOIN ${profileViewThrottle} t ON t.user_id = i.user_id AND t.viewer_hash = i.viewer_hash
    WHERE NOT EXISTS (SELECT 1 FROM claimed c WHERE c.user_id = i.user_id AND c.viewer_hash = i.viewer_hash)`);
  const windowMs = PROFILE_VIEW_WINDOW_MINUTES * 60_000;
  return (result.rows as { user_id: string; viewer_hash: string; counted: boolean; since: Date | string | null }[]).map((row) => {
    const since = row.since === null ? null : new Date(row.since);
    return { userId: row.user_id, viewerHash: row.viewer_hash, counted: row.counted, until: since && new Date(since.getTime() + windowMs) };
  });
}

/** Throttle rows older than the window say nothing any more. */
export async function forgetOldViewThrottles(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${profileViewThrottle} WHERE last_counted_at < now() - make_interval(mins => ${PROFILE_VIEW_WINDOW_MINUTES})`);
}

/**
 * The public pages a sitemap lists, at most `limit` addresses in all: artists with at least one
 * track, then albums, then tracks (newest first, so a cut drops the oldest tracks).
 */
export async function sitemapEntries(db: Db, limit: number): Promise<{ profileSlugs: string[]; albumIds: string[]; trackIds: string[] }> {
  const profiles = await db
    .select({ slug: users.displaySlug })
    .from(users)
    .where(and(isPublicArtist, sql`exists (select 1 from ${tracks} where ${tracks.userId} = ${users.id} and ${trackIsUp()})`))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
  const albumRows =
    limit - profiles.length > 0
      ? await db
          .select({ id: albums.id })
          .from(albums)
          .where(albumIsUp())
          .orderBy(desc(albums.createdAt), desc(albums.id))
          .limit(limit - profiles.length)
      : [];
  const trackRows =
    limit - profiles.length - albumRows.length > 0
      ? await db
          .select({ id: tracks.id })
          .from(tracks)
          .where(trackIsUp())
          .orderBy(desc(tracks.uploadedAt), desc(tracks.id))
          .limit(limit - profiles.length - albumRows.length)
      : [];
  return { profileSlugs: profiles.map((row) => row.slug), albumIds: albumRows.map((row) => row.id), trackIds: trackRows.map((row) => row.id) };
}
