import { z } from 'zod';
import { CATALOG_MESSAGES, MAX_ALBUM_TRACKS, MAX_NEW_ALBUM_TRACKS, albumNameSchema, allowFullPlaybackSchema, artistNameSchema, booleanFieldSchema, genreSchema, payMoreSchema, priceSchema, suggestedPriceProblem, suggestedPriceSchema, tagsSchema, trackNameSchema } from './rules';

// ---------------------------------------------------------------------------------------------
// Server: the text fields of the multipart calls (spec section 7), after the files are set aside.
// ---------------------------------------------------------------------------------------------

/** Issue 21: a suggested price below the price is refused with the suggestion's field named. */
function suggestionNotBelowPrice(value: { price: number; suggestedPrice: number | null }, context: z.RefinementCtx) {
  const message = suggestedPriceProblem(value.price, value.suggestedPrice);
  if (message) context.addIssue({ code: 'custom', message, path: ['suggestedPrice'] });
}

/** POST /api/tracks: trackName, artistName, price?, allowFullPlayback? (default true). */
export const trackCreateFieldsSchema = z.object({
  trackName: trackNameSchema,
  artistName: artistNameSchema,
  price: priceSchema,
  payMore: payMoreSchema.default(false),
  suggestedPrice: suggestedPriceSchema.optional().transform((value) => value ?? null),
  allowFullPlayback: allowFullPlaybackSchema.default(true),
  genre: genreSchema.optional().transform((value) => value ?? null),
  tags: tagsSchema.optional().transform((value) => value ?? []),
}).superRefine(suggestionNotBelowPrice);
export type TrackCreateFields = z.output<typeof trackCreateFieldsSchema>;

/** PATCH /api/tracks/{id}: a field left out keeps its value; a field sent must be valid. */
export const trackUpdateFieldsSchema = z.object({
  trackName: trackNameSchema.optional(),
  artistName: artistNameSchema.optional(),
  price: priceSchema.optional(),
  payMore: payMoreSchema.optional(),
  suggestedPrice: suggestedPriceSchema.optional(),
  allowFullPlayback: allowFullPlaybackSchema.optional(),
  genre: genreSchema.optional(),
  tags: tagsSchema.optional(),
  /** "true" removes the current cover (an empty coverPhoto keeps it). */
  removeCoverPhoto: booleanFieldSchema('removeCoverPhoto must be true or false').optional(),
});
export type TrackUpdateFields = z.output<typeof trackUpdateFieldsSchema>;

/**
 * One entry of the albumTracks JSON list: the new track uploaded as albumTrackFile_{index}, with
 * its own cover as albumTrackCover_{index}. A genre or tags left out or empty mean the album's.
 */
export const albumTrackEntrySchema = z.object({
  trackName: trackNameSchema,
  artistName: artistNameSchema,
  price: priceSchema,
  allowFullPlayback: allowFullPlaybackSchema.default(true),
  genre: genreSchema.optional().transform((value) => value ?? null),
  tags: tagsSchema.optional().transform((value) => value ?? []),
});

const trackIdSchema = z.uuid({ message: CATALOG_MESSAGES.selectedSongsInvalid });

const selectedSongsSchema = z
  .array(trackIdSchema, { message: CATALOG_MESSAGES.selectedSongsInvalid })
  .max(MAX_ALBUM_TRACKS, CATALOG_MESSAGES.albumTooManyTracks);
const albumTracksSchema = z
  .array(albumTrackEntrySchema, { message: CATALOG_MESSAGES.albumTracksInvalid })
  .max(MAX_NEW_ALBUM_TRACKS, CATALOG_MESSAGES.albumTooManyNewTracks);

/** POST /api/albums, after the JSON fields (selectedSongs, albumTracks) are parsed. */
export const albumFieldsSchema = z.object({
  albumName: albumNameSchema,
  price: priceSchema,
  payMore: payMoreSchema.default(false),
  suggestedPrice: suggestedPriceSchema.optional().transform((value) => value ?? null),
  genre: genreSchema.optional().transform((value) => value ?? null),
  tags: tagsSchema.optional().transform((value) => value ?? []),
  selectedSongs: selectedSongsSchema.default([]),
  albumTracks: albumTracksSchema.default([]),
}).superRefine(suggestionNotBelowPrice);
export type AlbumFields = z.output<typeof albumFieldsSchema>;

/**
 * PATCH /api/albums/{id}: the same fields, each optional. selectedSongs, when sent, is the whole
 * list of existing songs the album keeps (in order); new tracks are added after them.
 */
export const albumUpdateFieldsSchema = z.object({
  albumName: albumNameSchema.optional(),
  price: priceSchema.optional(),
  payMore: payMoreSchema.optional(),
  suggestedPrice: suggestedPriceSchema.optional(),
  genre: genreSchema.optional(),
  tags: tagsSchema.optional(),
  selectedSongs: selectedSongsSchema.optional(),
  albumTracks: albumTracksSchema.optional(),
  /** "true" removes the current cover (an empty coverPhoto keeps it). */
  removeCoverPhoto: booleanFieldSchema('removeCoverPhoto must be true or false').optional(),
});
export type AlbumUpdateFields = z.output<typeof albumUpdateFieldsSchema>;
