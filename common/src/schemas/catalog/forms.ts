import { z } from 'zod';
import { ALBUM_TRACK_AUDIO_ACCEPT, CATALOG_MESSAGES, type FileLike, MAX_ALBUM_TRACKS, MAX_AUDIO_FILE_BYTES, MAX_COVER_FILE_BYTES, MAX_NEW_ALBUM_TRACKS, TRACK_AUDIO_ACCEPT, albumNameSchema, artistNameSchema, genreSchema, isFileLike, looksLikeAcceptedAudio, looksLikeAcceptedCover, priceSchema, suggestedPriceSchema, tagsSchema, trackNameSchema } from './rules';

// ---------------------------------------------------------------------------------------------
// Web forms (react-hook-form + zodResolver). The cover's pixel size can only be read once the
// browser has decoded the image, so the dialog checks COVER_SIZE_PX itself (message coverPhoto).
// ---------------------------------------------------------------------------------------------

const audioFileSchema = (accept: Record<string, string[]>, formatMessage: string) =>
  z
    .custom<FileLike>(isFileLike, { message: CATALOG_MESSAGES.audioRequired })
    .refine((file) => looksLikeAcceptedAudio(file, accept), formatMessage)
    .refine((file) => file.size > 0, CATALOG_MESSAGES.audioEmpty)
    .refine((file) => file.size <= MAX_AUDIO_FILE_BYTES, CATALOG_MESSAGES.audioTooLarge);

const coverFileSchema = z
  .custom<FileLike>(isFileLike, { message: CATALOG_MESSAGES.coverPhoto })
  .refine(looksLikeAcceptedCover, CATALOG_MESSAGES.coverPhoto)
  .refine((file) => file.size <= MAX_COVER_FILE_BYTES, CATALOG_MESSAGES.coverTooLarge);

/** Issue 17: a genre from the list ("" none) and tags typed as "love, nairobi". */
const genreFormSchema = genreSchema.optional().transform((value) => value ?? null);
const tagsFormSchema = tagsSchema.optional().transform((value) => value ?? []);

/** Issue 21: the suggested price box; empty is none (the check against the price is the dialogs'). */
const suggestedPriceFormSchema = suggestedPriceSchema.optional().transform((value) => value ?? null);

/** Upload New Track dialog. */
export const trackUploadFormSchema = z.object({
  trackName: trackNameSchema,
  artistName: artistNameSchema,
  price: priceSchema,
  payMore: z.boolean().default(false),
  suggestedPrice: suggestedPriceFormSchema,
  allowFullPlayback: z.boolean().default(true),
  genre: genreFormSchema,
  tags: tagsFormSchema,
  audioFile: audioFileSchema(TRACK_AUDIO_ACCEPT, CATALOG_MESSAGES.audioFormat),
  coverPhoto: coverFileSchema.nullish(),
});
export type TrackUploadFormInput = z.input<typeof trackUploadFormSchema>;

/** Edit Track dialog: an empty cover keeps the current one (spec section 5). */
export const trackEditFormSchema = z.object({
  trackName: trackNameSchema,
  artistName: artistNameSchema,
  price: priceSchema,
  payMore: z.boolean().default(false),
  suggestedPrice: suggestedPriceFormSchema,
  allowFullPlayback: z.boolean(),
  genre: genreFormSchema,
  tags: tagsFormSchema,
  coverPhoto: coverFileSchema.nullish(),
});
export type TrackEditFormInput = z.input<typeof trackEditFormSchema>;

/**
 * Album-track form (spec section 3): a new track added in the album dialog. Its genre and tags
 * left empty, it takes the album's; its cover left empty, it has none of its own.
 */
export const albumTrackFormSchema = z.object({
  trackName: trackNameSchema,
  artistName: artistNameSchema,
  price: priceSchema,
  allowFullPlayback: z.boolean().default(true),
  genre: genreFormSchema,
  tags: tagsFormSchema,
  audioFile: audioFileSchema(ALBUM_TRACK_AUDIO_ACCEPT, CATALOG_MESSAGES.albumAudioFormat),
  coverPhoto: coverFileSchema.nullish(),
});
export type AlbumTrackFormInput = z.input<typeof albumTrackFormSchema>;

/** Create/Edit Album dialog. */
export const albumFormSchema = z
  .object({
    albumName: albumNameSchema,
    price: priceSchema,
    payMore: z.boolean().default(false),
    suggestedPrice: suggestedPriceFormSchema,
    genre: genreFormSchema,
    tags: tagsFormSchema,
    coverPhoto: coverFileSchema.nullish(),
    selectedSongs: z.array(z.string()).max(MAX_ALBUM_TRACKS, CATALOG_MESSAGES.albumTooManyTracks),
    newTracks: z.array(albumTrackFormSchema).max(MAX_NEW_ALBUM_TRACKS, CATALOG_MESSAGES.albumTooManyNewTracks),
  })
  .refine((album) => album.selectedSongs.length + album.newTracks.length > 0, {
    message: CATALOG_MESSAGES.albumNeedsSongs,
    path: ['selectedSongs'],
  });
export type AlbumFormInput = z.input<typeof albumFormSchema>;
