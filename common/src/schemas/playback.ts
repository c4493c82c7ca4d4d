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
