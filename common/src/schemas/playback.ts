import { z } from 'zod';

/** What the playback calls take and answer (spec sections 3 and 7). */

/** POST /api/tracks/{id}/stream (spec section 3, stream event payload). */
export const streamEventSchema = z.object({
  duration: z.number({ message: 'duration must be a number of seconds' }).min(0).max(24 * 60 * 60),
  completedPercentage: z.number({ message: 'completedPercentage must be a number' }).min(0).max(100),
  streamType: z.literal('play', { message: "streamType must be 'play'" }),
});
export type StreamEvent = z.infer<typeof streamEventSchema>;

export const streamCountSchema = z.object({ streamCount: z.number() });
export type StreamCount = z.infer<typeof streamCountSchema>;

/**
 * Download formats (issue 16): the original as uploaded; MP3 at 320 kb/s tagged with title,
 * artist, album and the cover (what a phone plays and a fan's library shows); FLAC, only when the
 * original is lossless (WAV or FLAC), so nobody downloads a "lossless" copy of a lossy file.
 */
export const DOWNLOAD_FORMATS = ['original', 'mp3', 'flac'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_FORMAT_MESSAGES = {
  unknown: "Choose a download format: 'original', 'mp3' or 'flac'.",
  flacNotAvailable: 'FLAC is offered only for songs uploaded in a lossless format (WAV or FLAC). Choose the original or MP3.',
} as const;

/** GET /api/tracks/{id}/download and /api/albums/{id}/download: `?format=` (default original) beside the receipt's token. */
export const downloadFormatQuerySchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS, { message: DOWNLOAD_FORMAT_MESSAGES.unknown }).default('original'),
  token: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
});

/** Lossless originals, by the type found from their content. */
export function isLosslessAudio(mimeType: string): boolean {
  return /^audio\/(wav|x-wav|wave|vnd\.wave|flac|x-flac)$/.test(mimeType);
}

/** The formats a track (or an album, by its songs) offers: FLAC only when every original is lossless. */
export function downloadFormatsFor(mimeTypes: readonly string[]): DownloadFormat[] {
  return mimeTypes.length > 0 && mimeTypes.every(isLosslessAudio) ? ['original', 'mp3', 'flac'] : ['original', 'mp3'];
}

/**
 * One entry of a track's or album's `downloads` (issue 16): a format it offers and how many bytes
 * its download is. `approximate` is false only when `bytes` is the download's exact length (the
 * original's file size; an MP3 or FLAC already made, read from its stored rendition); true for an
 * estimate (a format not made yet: MP3 as duration x 40,000 bytes, 320 kb/s, or an MP3
 * original's own size, plus room for the tags and cover; FLAC as 60% of a WAV original or a FLAC original's own size) and for every
 * album (a ZIP's headers add a little to the sum of its files). `bytes` null: nothing to say.
 * The same for everyone (public answers may be cached): nothing here depends on the visitor.
 */
export const downloadOptionSchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS),
  bytes: z.number().int().nonnegative().nullable(),
  approximate: z.boolean(),
});
export type DownloadOption = z.infer<typeof downloadOptionSchema>;

/** 320 kb/s is 40,000 bytes a second. */
export const MP3_BYTES_PER_SECOND = 40_000;
/** ID3v2 text frames and a 640 px JPEG cover: rarely above 64 KiB. */
export const MP3_TAG_ALLOWANCE = 64 * 1024;
/**
 * FLAC keeps CD-quality music in about 50-70% of its PCM size (WAV); 60% is the middle, and the
 * answer says it is approximate until the file is made.
 */
export const FLAC_OF_WAV_RATIO = 0.6;

/** A song as the sizes need it: its original, and the made formats' exact sizes when made. */
export interface SizedSong {
  fileSize: number;
  mimeType: string;
  duration: number;
  made: Partial<Record<'mp3' | 'flac', number>>;
}

function formatBytes(song: SizedSong, format: 'mp3' | 'flac'): { bytes: number; approximate: boolean } {
  const made = song.made[format];
  if (made !== undefined) return { bytes: made, approximate: false };
  if (format === 'mp3') {
    // An MP3 original is re-tagged, not encoded again (media/download-formats.ts): its own audio,
    // at its own rate, is the download's size, whatever 320 kb/s would make of its duration.
    const audio = song.mimeType === 'audio/mpeg' ? song.fileSize : Math.ceil(song.duration * MP3_BYTES_PER_SECOND);
    return { bytes: audio + MP3_TAG_ALLOWANCE, approximate: true };
  }
  const isFlac = /flac/.test(song.mimeType);
  return { bytes: isFlac ? song.fileSize : Math.round(song.fileSize * FLAC_OF_WAV_RATIO), approximate: true };
}

/**
 * The `downloads` of a track (one song) or an album (its songs and its cover, `coverBytes`, which
 * the original ZIP holds): original, mp3, and flac when every original is lossless.
 */
export function downloadOptionsFor(kind: 'track' | 'album', songs: readonly SizedSong[], coverBytes = 0): DownloadOption[] {
  // An album without songs has nothing to download (its download answers 404).
  if (songs.length === 0) return [];
  const formats = downloadFormatsFor(songs.map((song) => song.mimeType));
  const isAlbum = kind === 'album';
  return formats.map((format): DownloadOption => {
    if (format === 'original') {
      const bytes = songs.reduce((sum, song) => sum + song.fileSize, 0) + (isAlbum ? coverBytes : 0);
      return { format, bytes, approximate: isAlbum };
    }
    const sizes = songs.map((song) => formatBytes(song, format));
    return {
      format,
      bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
      approximate: isAlbum || sizes.some((size) => size.approximate),
    };
  });
}
