import { z } from 'zod';
import { MAX_PRICE_KES, parseKesToMinor, type PriceProblem } from '../../money';
import { cleanName } from '../../text';
import { isGenreSlug, parseTags, TAG_MESSAGES } from '../../genres';
import { COVER_SIZES, PLAY_COUNT_AFTER_SECONDS, PREVIEW_SECONDS, coverUrl, streamUrl, type CoverSize } from '../../playback';

export { COVER_SIZES, PLAY_COUNT_AFTER_SECONDS, PREVIEW_SECONDS, coverUrl, streamUrl, type CoverSize };

/** Uploads one artist may have in progress at once (tabs, devices). */
export const MAX_UPLOADS_PER_ARTIST = 4;

/** Resumable uploads one artist may have started and not finished (each expires after a day). */
export const MAX_UNFINISHED_UPLOADS = 10;

/**
 * The catalogue's shared rules: the upload and edit forms of My Music (web) and the multipart
 * fields the server reads are checked by these schemas, so both sides give the same messages.
 * Texts quoted from the spec (section 5) are marked; the others are ours, for rules the spec
 * leaves to the server.
 */
export const CATALOG_MESSAGES = {
  trackNameRequired: 'Track name is required', // spec
  trackNameTooLong: 'Track name must be at most 200 characters',
  artistNameRequired: 'Artist name is required', // spec
  artistNameTooLong: 'Artist name must be at most 100 characters',
  albumNameRequired: 'Album name is required', // spec
  albumNameTooLong: 'Album name must be at most 200 characters',
  priceMin: 'Price must be 0 or greater', // spec
  priceFormat: 'Enter the price in KES, like 1500 or 1,500.50',
  priceDecimals: 'A price has at most two decimals (cents): 1500.50, or 1,500 for a thousand five hundred',
  priceDecimalComma: 'Use a point for cents (12.50); a comma only separates thousands (1,500)',
  priceGrouping: 'Commas separate thousands in groups of three digits, like 1,500 or 12,500',
  suggestedBelowPrice: 'The suggested price must be at least the price',
  priceMax: `Price must be at most KES ${MAX_PRICE_KES.toLocaleString('en-US')}`,
  audioRequired: 'Please choose an audio file',
  audioFormat: 'Audio file must be MP3 or WAV format', // spec
  albumAudioFormat: 'Audio file must be MP3, WAV, M4A, AAC, OGG or FLAC format',
  audioTooLarge: 'Audio file must be at most 50 MB',
  audioEmpty: 'The audio file is empty',
  audioTooShort: 'The audio must be at least 1 second long',
  audioDamaged: 'The audio file could not be read to the end. It may be damaged or incomplete; please export it again.',
  oneAudioFile: 'Please upload one audio file per track',
  coverPhoto: 'Cover photo must be exactly 3000x3000px and in PNG or JPG format', // spec
  coverTooLarge: 'Cover photo must be at most 50 MB',
  albumNeedsSongs: 'Select at least one song or add a new track',
  albumTooManyTracks: 'An album can hold at most 100 songs',
  albumTooManyNewTracks: 'Please upload at most 30 new tracks at a time',
  albumTrackFileMissing: 'Each new track needs an audio file',
  albumTracksInvalid: 'The list of new tracks is not valid',
  selectedSongsInvalid: 'The list of selected songs is not valid',
  selectedSongsNotFound: 'One or more selected songs were not found',
  tooManyFiles: 'Too many files in one upload',
  unexpectedFile: 'This upload contains a file the form does not expect',
  storageFull: 'Not enough storage left: each artist can store up to 1 GB. Delete some tracks or albums to make room.',
  uploadIncomplete: 'The upload did not complete. Please try again.',
  tooManyUploads: `You already have ${MAX_UPLOADS_PER_ARTIST} uploads in progress. Please wait for one to finish, then try again.`,
  tooManyUnfinishedUploads: `You have ${MAX_UNFINISHED_UPLOADS} unfinished uploads. Finish one (choose the same file again to continue it), or try again tomorrow, when unfinished uploads are cleared.`,
  uploadNotFound: 'This upload was not found. It may have expired: please choose the file again.',
  audioUploadMissing: 'The uploaded audio file is no longer available. Please upload it again.',
  audioUploadUnfinished: 'The audio file has not finished uploading. Please wait for it to finish, then try again.',
  trackNotFound: 'Track not found', // spec (section 8)
  albumNotFound: 'Album not found', // spec (section 8)
  trackSold: 'This track has been sold and cannot be deleted to preserve purchase records.', // spec (section 8)
  albumSold: 'This album has been sold and cannot be deleted to preserve purchase records.', // issue 16, as the spec's track rule
  previewNotReady: 'The preview of this track is being prepared. Please try again in a minute.',
  streamNotReady: 'This track is being prepared for streaming. Please try again in a minute.',
} as const;

/** Spec section 9 and our own bounds. Sizes in bytes. */
export const MAX_AUDIO_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_COVER_FILE_BYTES = 50 * 1024 * 1024;
export const STORAGE_QUOTA_BYTES = 1024 * 1024 * 1024;
export const COVER_SIZE_PX = 3000;
export const MAX_ALBUM_TRACKS = 100;
export const MAX_NEW_ALBUM_TRACKS = 30;

/** Accepted audio for a track upload, as react-dropzone `accept` maps (MIME -> extensions). */
export const TRACK_AUDIO_ACCEPT: Record<string, string[]> = {
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
};
/** Accepted audio for album-track files (spec section 5: mp3, wav, m4a, aac, ogg, flac). */
export const ALBUM_TRACK_AUDIO_ACCEPT: Record<string, string[]> = {
  ...TRACK_AUDIO_ACCEPT,
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
  'audio/aac': ['.aac'],
  'audio/ogg': ['.ogg'],
  'audio/flac': ['.flac'],
  'audio/x-flac': ['.flac'],
};
export const COVER_ACCEPT: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** The parts of a browser File the form rules look at (keeps this module free of DOM types). */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * A first check in the browser by name or type, for a quick message before any byte is sent: a
 * phone's file picker may hand over a name without an extension ("AUD-20250101") but with its
 * type. The server decides by content.
 */
export function looksLikeAcceptedAudio(file: FileLike, accept: Record<string, string[]>): boolean {
  const extension = `.${extensionOf(file.name)}`;
  return Object.hasOwn(accept, file.type) || Object.values(accept).some((extensions) => extensions.includes(extension));
}

export function looksLikeAcceptedCover(file: FileLike): boolean {
  return ['png', 'jpg', 'jpeg'].includes(extensionOf(file.name)) || file.type === 'image/png' || file.type === 'image/jpeg';
}

export const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileLike).name === 'string' &&
  typeof (value as FileLike).size === 'number';

// ---------------------------------------------------------------------------------------------
// Field rules shared by forms and server
// ---------------------------------------------------------------------------------------------

export const trackNameSchema = z
  .string({ message: CATALOG_MESSAGES.trackNameRequired })
  .overwrite(cleanName)
  .trim()
  .min(1, CATALOG_MESSAGES.trackNameRequired)
  .max(200, CATALOG_MESSAGES.trackNameTooLong);

export const artistNameSchema = z
  .string({ message: CATALOG_MESSAGES.artistNameRequired })
  .overwrite(cleanName)
  .trim()
  .min(1, CATALOG_MESSAGES.artistNameRequired)
  .max(100, CATALOG_MESSAGES.artistNameTooLong);

export const albumNameSchema = z
  .string({ message: CATALOG_MESSAGES.albumNameRequired })
  .overwrite(cleanName)
  .trim()
  .min(1, CATALOG_MESSAGES.albumNameRequired)
  .max(200, CATALOG_MESSAGES.albumNameTooLong);

const PRICE_PROBLEM_MESSAGES: Record<PriceProblem, string> = {
  negative: CATALOG_MESSAGES.priceMin,
  'too-high': CATALOG_MESSAGES.priceMax,
  format: CATALOG_MESSAGES.priceFormat,
  decimals: CATALOG_MESSAGES.priceDecimals,
  'decimal-comma': CATALOG_MESSAGES.priceDecimalComma,
  grouping: CATALOG_MESSAGES.priceGrouping,
};

/**
 * A price as typed in KES ("", "150", "99.50", "1,500", "KSh 1,500", "1,500/-"), or a number, into
 * minor units (parseKesToMinor). Empty, null or 0 means free (spec section 3).
 */
export const priceSchema = z
  .union([z.string(), z.number(), z.null()], { message: CATALOG_MESSAGES.priceFormat })
  .optional()
  .transform((value, context) => {
    const parsed = parseKesToMinor(value);
    if (parsed.ok) return parsed.minor;
    context.addIssue({
      code: 'custom',
      message: PRICE_PROBLEM_MESSAGES[parsed.reason],
    });
    return z.NEVER;
  });

/**
 * Issue 21: the amount the purchase dialog suggests, typed like a price; empty or 0 means none
 * (null). At least the price: checked with the price it goes with (suggestedPriceProblem).
 */
export const suggestedPriceSchema = priceSchema.transform((minor) => (minor > 0 ? minor : null));

/** Issue 21: a suggestion below the price would suggest what cannot be paid. */
export function suggestedPriceProblem(price: number, suggestedPrice: number | null | undefined): string | undefined {
  return suggestedPrice != null && suggestedPrice < price ? CATALOG_MESSAGES.suggestedBelowPrice : undefined;
}

/** A checkbox in a form, or "true"/"false" in a multipart field. */
export const booleanFieldSchema = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])], { message })
    .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

export const allowFullPlaybackSchema = booleanFieldSchema('Choose full playback or a 25-second preview');

/** Issue 21: fans may pay more than the price. */
export const payMoreSchema = booleanFieldSchema('payMore must be true or false');

/**
 * Issue 17: a genre from common/genres.ts, by slug. "" or null means none (an edit clears it).
 * Answers the slug or null.
 */
export const genreSchema = z
  .union([z.string(), z.null()], { message: TAG_MESSAGES.genreUnknown })
  .transform((value, context) => {
    const slug = (value ?? '').trim().toLowerCase();
    if (!slug) return null;
    if (isGenreSlug(slug)) return slug;
    context.addIssue({ code: 'custom', message: TAG_MESSAGES.genreUnknown });
    return z.NEVER;
  });

/** Issue 17: up to 5 tags, comma-separated text (multipart) or a JSON list; see parseTags. */
export const tagsSchema = z
  .union([z.string(), z.array(z.string()), z.null()], { message: TAG_MESSAGES.invalid })
  .transform((value, context) => {
    const parsed = parseTags(value ?? []);
    if ('tags' in parsed) return parsed.tags;
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  });
