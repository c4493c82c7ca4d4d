import { z } from 'zod';
import { publicUserSchema } from './auth';
import { publicAlbumSummarySchema, publicTrackSchema } from './public';

/** Issue 17: finding music by genre and by typing. */

export const SEARCH_MESSAGES = {
  queryTooLong: 'Search for at most 200 characters',
  cursorInvalid: 'This list has changed: load it again from the start',
  genreNotFound: 'Genre not found',
  limit: 'limit must be a whole number from 1 to 50',
} as const;

/** Shorter than this (after folding accents and punctuation away), a search finds nothing. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 8;
export const GENRE_TRACKS_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 50;

const limitSchema = z.coerce
  .number({ message: SEARCH_MESSAGES.limit })
  .int(SEARCH_MESSAGES.limit)
  .min(1, SEARCH_MESSAGES.limit)
  .max(LIST_MAX_LIMIT, SEARCH_MESSAGES.limit);

/** GET /api/search?q=&limit= */
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.queryTooLong).default(''),
  limit: limitSchema.default(SEARCH_DEFAULT_LIMIT),
});

/** Each list best match first; albums and artists as the public pages show them. */
export const searchResponseSchema = z.object({
  tracks: z.array(publicTrackSchema),
  albums: z.array(publicAlbumSummarySchema),
  artists: z.array(publicUserSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /api/genres: every genre of the list, in its order, with its public tracks counted. */
export const genreSummarySchema = z.object({ slug: z.string(), name: z.string(), trackCount: z.number() });
export type GenreSummary = z.infer<typeof genreSummarySchema>;

/** GET /api/genres/{slug}/tracks?limit=&cursor= */
export const genreTracksQuerySchema = z.object({
  limit: limitSchema.default(GENRE_TRACKS_DEFAULT_LIMIT),
  cursor: z.string().max(200, SEARCH_MESSAGES.cursorInvalid).optional(),
});

/** Newest first; `nextCursor` asks for the page after this one (null: this is the last). */
export const genreTracksResponseSchema = z.object({
  genre: z.object({ slug: z.string(), name: z.string() }),
  tracks: z.array(publicTrackSchema),
  nextCursor: z.string().nullable(),
});
export type GenreTracksResponse = z.infer<typeof genreTracksResponseSchema>;
