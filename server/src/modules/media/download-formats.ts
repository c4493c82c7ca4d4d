import { createHash } from 'node:crypto';
import { runProcess } from './ffmpeg';

/** Formats made from an original for downloading (issue 16); the original itself needs no making. */
export type MadeFormat = 'mp3' | 'flac';

export const MADE_FORMATS: Record<MadeFormat, { mimeType: string; extension: string }> = {
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  flac: { mimeType: 'audio/flac', extension: 'flac' },
};

/** What a downloaded file is labelled with, so a fan's music app shows it properly. */
export interface DownloadTags {
  title: string;
  artist: string;
  album: string | null;
}

/**
 * A fingerprint of what goes into a made file besides the audio: renaming the song or changing
 * its cover makes a new file (a new storage key), so a key's content never changes and resumed
 * downloads (ETag, If-Range) stay correct.
 */
export function tagsFingerprint(tags: DownloadTags, coverKey: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify([tags.title, tags.artist, tags.album, coverKey]))
    .digest('base64url')
    .slice(0, 12)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
}

/**
 * ffmpeg's arguments. MP3: 320 kb/s CBR (libmp3lame; ffmpeg picks the nearest rate MP3 allows, at most 48 kHz), ID3v2.3 tags
 * (what most phones and car stereos read) with the cover as the front-cover picture; an MP3
 * original is re-tagged without re-encoding (a second lossy pass would only lose quality). FLAC:
 * the lossless original's samples as they are, with Vorbis comments and the picture.
 */
export function downloadFormatArgs(
  input: { path: string; mimeType: string },
  cover: string | null,
  output: string,
  format: MadeFormat,
  tags: DownloadTags,
): string[] {
  const metadata = [
    '-metadata', `title=${tags.title}`,
    '-metadata', `artist=${tags.artist}`,
    ...(tags.album ? ['-metadata', `album=${tags.album}`] : []),
  ];
  const picture = cover
    ? ['-map', '1:0', '-c:v', 'copy', '-disposition:v:0', 'attached_pic', '-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)']
    : [];
  const audio =
    format === 'mp3'
      ? input.mimeType === 'audio/mpeg'
        ? ['-c:a', 'copy']
        : ['-c:a', 'libmp3lame', '-b:a', '320k']
      : ['-c:a', 'flac', '-compression_level', '5'];
  return [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error',
    '-i', input.path,
    ...(cover ? ['-i', cover] : []),
    '-map', '0:a:0', '-map_metadata', '-1',
    ...picture,
    ...audio,
    ...metadata,
    ...(format === 'mp3' ? ['-id3v2_version', '3', '-write_id3v1', '1', '-f', 'mp3'] : ['-f', 'flac']),
    '-y', output,
  ];
}

/** Makes one download format into `output` (a scratch file); throws with ffmpeg's message on failure. */
export async function makeDownloadFormat(
  ffmpegPath: string,
  input: { path: string; mimeType: string },
  cover: string | null,
  output: string,
  format: MadeFormat,
  tags: DownloadTags,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const result = await runProcess(ffmpegPath, downloadFormatArgs(input, cover, output, format, tags), options);
  if (result.timedOut) throw new Error(`ffmpeg timed out making the ${format} download`);
  if (result.code !== 0) throw new Error(`ffmpeg failed making the ${format} download: ${result.stderr.trim().slice(-500)}`);
}
