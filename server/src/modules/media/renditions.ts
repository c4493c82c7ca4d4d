import { PREVIEW_SECONDS } from '#common/schemas/catalog/rules';
import { runProcess } from './ffmpeg';

export type RenditionProfileName = 'standard' | 'low' | 'preview' | 'preview_low';

/**
 * Streaming renditions (DESIGN.md budgets: <= 720 KB per minute by default, <= 360 KB per minute
 * for data saver). AAC-LC in MP4 with the index up front ("faststart") plays in every current
 * browser, Safari on iOS included, and can start before the file is complete. Measured here:
 * 80 kbps ~ 613 KB/min, 40 kbps ~ 313 KB/min.
 */
export const RENDITION_PROFILES: Record<RenditionProfileName, { bitrate: string; preview: boolean }> = {
  standard: { bitrate: '80k', preview: false },
  low: { bitrate: '40k', preview: false },
  preview: { bitrate: '80k', preview: true },
  preview_low: { bitrate: '40k', preview: true },
};

export const RENDITION_MIME_TYPE = 'audio/mp4';

/** Fade the last seconds of a preview so it ends instead of being cut mid-note. */
const PREVIEW_FADE_SECONDS = 2;

export function renditionArgs(input: string, output: string, profile: RenditionProfileName, sourceSeconds: number): string[] {
  const { bitrate, preview } = RENDITION_PROFILES[profile];
  const cut =
    preview && sourceSeconds > PREVIEW_SECONDS
      ? ['-t', String(PREVIEW_SECONDS), '-af', `afade=t=out:st=${PREVIEW_SECONDS - PREVIEW_FADE_SECONDS}:d=${PREVIEW_FADE_SECONDS}`]
      : [];
  return [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error',
    '-i', input,
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
    ...cut,
    '-c:a', 'aac', '-b:a', bitrate, '-ac', '2', '-ar', '44100',
    '-movflags', '+faststart',
    '-f', 'mp4', '-y', output,
  ];
}

/** Transcodes one rendition into `output` (a scratch file); throws with ffmpeg's message on failure. */
export async function makeRendition(
  ffmpegPath: string,
  input: string,
  output: string,
  profile: RenditionProfileName,
  sourceSeconds: number,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const result = await runProcess(ffmpegPath, renditionArgs(input, output, profile, sourceSeconds), options);
  if (result.timedOut) throw new Error(`ffmpeg timed out making the ${profile} rendition`);
  if (result.code !== 0) throw new Error(`ffmpeg failed making the ${profile} rendition: ${result.stderr.trim().slice(-500)}`);
}
