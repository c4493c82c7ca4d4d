import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { albumIsUp, albums, covers, trackIsUp, tracks, users } from '../../db/schema';
import { isPublicArtist, publicAlbumColumns, publicTrackColumns, type ArtistRow } from '../public-pages';
import { allowsTypo } from './search.rules';

/**
 * Reads for finding music (issue 17, docs/decisions/037): a genre's tracks and the three search
 * lists. Public rows only: those of artists whose e-mail address is verified, as the public
 * profile shows them.
 */

/** Trigram word similarity under which a word is not even a candidate for "one typo" (see 037). */
const TYPO_CANDIDATE_THRESHOLD = 0.3;

/**
 * Matches are ranked among at most this many candidates, the most played first: a two-letter
 * prefix can match a tenth of the catalogue, and ranking all of it would cost what no fan typing
 * notices (decision 037). A query precise enough to matter has fewer matches than this.
 */
const CANDIDATES = 200;

/** A row's stored search document (search_doc) and its words (search_tsv), see migration 0010. */
interface SearchDocument {
  doc: SQL;
  tsv: SQL;
}
const trackDoc: SearchDocument = { doc: sql`${tracks.searchDoc}`, tsv: sql`${tracks.searchTsv}` };
const albumDoc: SearchDocument = { doc: sql`${albums.searchDoc}`, tsv: sql`${albums.searchTsv}` };
const artistDoc: SearchDocument = { doc: sql`${users.searchDoc}`, tsv: sql`${users.searchTsv}` };

/** The word as a typed prefix: "nyo" finds "nyota". Words hold only letters and digits (searchWords). */
const prefixOf = (document: SearchDocument, word: string) => sql`${document.tsv} @@ to_tsquery('simple', ${`${word}:*`})`;

/**
 * One word matches a document when a word of the document starts with it, or (5 letters or more)
 * when a word of the document, or its start, is one edit away (Levenshtein). Trigrams (indexed)
 * find the candidates; the distance decides.
 */
function wordMatches(document: SearchDocument, word: string): SQL {
  if (!allowsTypo(word)) return prefixOf(document, word);
  const { doc } = document;
  return sql`(${prefixOf(document, word)} OR (${doc} %> ${word} AND EXISTS (
    SELECT 1 FROM unnest(string_to_array(${doc}, ' ')) AS d(w)
    WHERE levenshtein_less_equal(d.w, ${word}, 1) <= 1 OR levenshtein_less_equal(left(d.w, ${[...word].length}), ${word}, 1) <= 1)))`;
}

const allWordsMatch = (document: SearchDocument, words: string[]) => sql.join(words.map((word) => wordMatches(document, word)), sql` AND `);

/**
 * Best first: the name starting with the query (the document starts with the folded name), then
 * words matched without a typo, then how close the query is to the start of the name (a typo in
 * the name's first word), then to the document as a whole.
 */
function relevance(document: SearchDocument, words: string[]): SQL[] {
  const phrase = words.join(' ');
  const exactWords = sql.join(words.map((word) => sql`(${prefixOf(document, word)})::int`), sql` + `);
  return [
    desc(sql`(${document.doc} LIKE ${`${phrase}%`})`),
    desc(sql`(${exactWords})`),
    desc(sql`similarity(${phrase}, left(${document.doc}, ${[...phrase].length}))`),
    desc(sql`word_similarity(${phrase}, ${document.doc})`),
  ];
}

/** Runs the searches with the typo threshold of this transaction (SET LOCAL: no other query sees it). */
export async function withSearchSettings<T>(db: Db, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_CANDIDATE_THRESHOLD)}, true)`);
    return run(tx);
  });
}

/**
 * A query matching many tracks (a short prefix, a common word) would make the word indexes (GIN)
 * hand over thousands of rows to be sorted by plays: tens of milliseconds at 100,000 tracks. So a
 * search first counts its matches up to MANY_MATCHES through those indexes; when there are that
 * many, it walks the POPULAR_SCAN most played tracks (tracks_popular_idx) and keeps the first
 * CANDIDATES that match, which are then exactly the most played matches. Fewer matches, or too
 * few among the most played, take the word indexes, which are fast exactly then (decision 048).
 */
const MANY_MATCHES = 1_000;
const POPULAR_SCAN = 5_000;

const byPopularity = [desc(tracks.streamCount), desc(tracks.uploadedAt), desc(tracks.id)];

async function trackCandidates(db: DbOrTx, words: string[]): Promise<string[]> {
  const matching = db.select({ one: sql`1` }).from(tracks).where(allWordsMatch(trackDoc, words)).limit(MANY_MATCHES).as('matching');
  const [{ matches }] = (await db.select({ matches: sql<number>`count(*)::int` }).from(matching)) as [{ matches: number }];
  if (matches === 0) return [];
  if (matches >= MANY_MATCHES) {
    // The LIMIT keeps the walk in the subquery: the match is tested on each row as the index yields it.
    const popular = db
      .select({ id: tracks.id, userId: tracks.userId, doc: tracks.searchDoc, tsv: tracks.searchTsv, streamCount: tracks.streamCount, uploadedAt: tracks.uploadedAt })
      .from(tracks)
      .orderBy(...byPopularity)
      .limit(POPULAR_SCAN)
      .as('popular');
    const walked = await db
      .select({ id: popular.id })
      .from(popular)
      .innerJoin(users, eq(users.id, popular.userId))
      .where(and(isPublicArtist, allWordsMatch({ doc: sql`${popular.doc}`, tsv: sql`${popular.tsv}` }, words)))
      .orderBy(desc(popular.streamCount), desc(popular.uploadedAt), desc(popular.id))
      .limit(CANDIDATES);
    // Every match beyond the walked tracks is played less than all of these.
    if (walked.length === CANDIDATES) return walked.map((row) => row.id);
  }
  const all = await db
    .select({ id: tracks.id })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(isPublicArtist, allWordsMatch(trackDoc, words)))
    .orderBy(...byPopularity)
    .limit(CANDIDATES);
  return all.map((row) => row.id);
}

export async function searchTracks(db: DbOrTx, words: string[], limit: number) {
  const candidates = await trackCandidates(db, words);
  if (candidates.length === 0) return [];
  return db
    .select(publicTrackColumns)
    .from(tracks)
    .where(and(inArray(tracks.id, candidates), trackIsUp()))
    .orderBy(...relevance(trackDoc, words), ...byPopularity)
    .limit(limit);
}

const artistColumns = { id: users.id, displayName: users.displayName, displaySlug: users.displaySlug, profilePhotoKey: users.profilePhotoKey };

export async function searchArtists(db: DbOrTx, words: string[], limit: number): Promise<ArtistRow[]> {
  return db
    .select(artistColumns)
    .from(users)
    .where(and(isPublicArtist, allWordsMatch(artistDoc, words)))
    .orderBy(...relevance(artistDoc, words), desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/**
 * Albums whose name, genre or tags match, and the albums of the artists found (a fan typing an
 * artist's name wants their albums too), matches of the album's own words first.
 */
export async function searchAlbums(db: DbOrTx, words: string[], artistIds: string[], limit: number) {
  const byArtist = artistIds.length > 0 ? inArray(albums.userId, artistIds) : sql`false`;
  const ownMatch = allWordsMatch(albumDoc, words);
  return db
    .select({ album: publicAlbumColumns, artist: artistColumns })
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .leftJoin(covers, eq(covers.id, albums.coverId))
    .where(and(isPublicArtist, albumIsUp(), sql`(${ownMatch} OR ${byArtist})`))
    .orderBy(desc(sql`(${ownMatch})`), ...relevance(albumDoc, words), desc(albums.createdAt), desc(albums.id))
    .limit(limit);
}

// --- genres -------------------------------------------------------------------------------------

/** Public tracks per genre (genres without any are absent). */
export async function countTracksByGenre(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ genre: tracks.genre, count: sql<number>`count(*)::int` })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(isNotNull(tracks.genre), isPublicArtist, trackIsUp()))
    .groupBy(tracks.genre);
  return new Map(rows.map((row) => [row.genre!, Number(row.count)]));
}

/** Where a page of a genre's tracks ended: the last track's upload time (to the microsecond) and id. */
export interface GenreCursor {
  uploadedAt: string;
  id: string;
}

/**
 * A page of the genre's public tracks, newest first, after `cursor`: `limit` + 1 rows (the extra
 * one says whether there is a next page). Each row carries its position as a cursor, microseconds
 * included (a JavaScript Date would round them away and skip or repeat tracks).
 */
export async function genreTracks(db: Db, genre: string, cursor: GenreCursor | undefined, limit: number) {
  const after = cursor ? sql`(${tracks.uploadedAt}, ${tracks.id}) < (${cursor.uploadedAt}::timestamptz, ${cursor.id}::uuid)` : undefined;
  return db
    .select({
      ...publicTrackColumns,
      position: sql<string>`to_char(${tracks.uploadedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(eq(tracks.genre, genre), isPublicArtist, trackIsUp(), after))
    .orderBy(desc(tracks.uploadedAt), desc(tracks.id))
    .limit(limit + 1);
}
