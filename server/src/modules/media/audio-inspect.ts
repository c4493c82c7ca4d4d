import fsp from 'node:fs/promises';
import { runProcess } from './ffmpeg';

export type AudioFormat = 'mp3' | 'wav' | 'm4a' | 'aac' | 'ogg' | 'flac';

export const AUDIO_FORMATS: Record<AudioFormat, { mimeType: string; extension: string }> = {
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  wav: { mimeType: 'audio/wav', extension: 'wav' },
  m4a: { mimeType: 'audio/mp4', extension: 'm4a' },
  aac: { mimeType: 'audio/aac', extension: 'aac' },
  ogg: { mimeType: 'audio/ogg', extension: 'ogg' },
  flac: { mimeType: 'audio/flac', extension: 'flac' },
};

export const TRACK_FORMATS: readonly AudioFormat[] = ['mp3', 'wav'];
export const ALBUM_TRACK_FORMATS: readonly AudioFormat[] = ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac'];

/** ffmpeg's demuxer names, as printed in "Input #0, <name>, from". */
const DEMUXERS: Record<string, AudioFormat> = {
  mp3: 'mp3',
  wav: 'wav',
  'mov,mp4,m4a,3gp,3g2,mj2': 'm4a',
  aac: 'aac',
  ogg: 'ogg',
  flac: 'flac',
};

export type AudioInspection =
  | { ok: true; format: AudioFormat; mimeType: string; extension: string; duration: number }
  | { ok: false; reason: 'empty' | 'unsupported' | 'damaged' | 'too-short' };

/** Shorter than this is not a track (and would make the preview and the play count meaningless). */
export const MIN_DURATION_SECONDS = 1;

export interface FfmpegOutput {
  demuxer: string | undefined;
  headerDuration: number | undefined;
  durationEstimated: boolean;
  hasAudio: boolean;
  hasMovingVideo: boolean;
  errors: string[];
}

const STILL_IMAGE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'tiff', 'webp']);

/** Reads what `ffmpeg -loglevel level+info -i …` printed about its input and any decoding errors. */
export function parseFfmpegOutput(stderr: string): FfmpegOutput {
  const lines = stderr.split(/\r\n|\r|\n/);
  const output: FfmpegOutput = {
    demuxer: undefined,
    headerDuration: undefined,
    durationEstimated: false,
    hasAudio: false,
    hasMovingVideo: false,
    errors: [],
  };
  let inInput = false;
  for (const line of lines) {
    // A progress line and the next message can share a physical line: look at every level tag.
    if (/\[(error|fatal|panic)\]/.test(line)) output.errors.push(line.trim());
    if (line.includes('Estimating duration from bitrate')) output.durationEstimated = true;
    const input = /Input #0, (.+), from '/.exec(line);
    if (input) {
      output.demuxer = input[1];
      inInput = true;
      continue;
    }
    if (/Output #0|Stream mapping:/.test(line)) inInput = false;
    if (!inInput) continue;
    const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
    if (duration) {
      output.headerDuration = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
    }
    const stream = /Stream #0:\d+.*?: (Audio|Video): (\w+)/.exec(line);
    if (stream?.[1] === 'Audio') output.hasAudio = true;
    // Cover art embedded in a file shows as a still-image "video" stream (older builds do not say "attached pic").
    if (stream?.[1] === 'Video' && !line.includes('(attached pic)') && !STILL_IMAGE_CODECS.has(stream[2]!)) output.hasMovingVideo = true;
  }
  return output;
}

/** The last decoded position ffmpeg reported on -progress, in seconds. */
export function parseDecodedSeconds(progress: string): number | undefined {
  let last: number | undefined;
  for (const match of progress.matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)) last = Number(match[1]) / 1_000_000;
  return last;
}

/**
 * The duration a WAV header declares (its data chunk's size over the byte rate). ffmpeg and
 * music-metadata both clamp a WAV's duration to the bytes present, which hides a cut-off upload.
 */
export async function wavDeclaredSeconds(filePath: string): Promise<number | undefined> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return undefined;
    let offset = 12;
    let byteRate: number | undefined;
    while (offset + 8 <= head.length) {
      const id = head.toString('latin1', offset, offset + 4);
      const size = head.readUInt32LE(offset + 4);
      if (id === 'fmt ' && offset + 16 <= head.length) byteRate = head.readUInt32LE(offset + 16);
      if (id === 'data') {
        // Writers that stream (or RF64 files) leave the size unknown.
        if (!byteRate || size === 0 || size === 0xffffffff) return undefined;
        return size / byteRate;
      }
      offset += 8 + size + (size & 1);
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

/**
 * Whether an Ogg file ends with a complete page flagged end-of-stream. Ogg headers declare no
 * length and ffmpeg takes the duration from the last page it finds, so a cut-off upload decodes
 * cleanly to a shorter length: only the missing final page tells. Reads the tail of the file only.
 */
export async function oggEndsWithEos(filePath: string): Promise<boolean> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    // A page is at most 27 + 255 + 255 * 255 bytes, so the whole last page is in the tail.
    const buffer = Buffer.alloc(Math.min(size, 64 * 1024));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, size - buffer.length);
    const tail = buffer.subarray(0, bytesRead);
    let at = tail.length >= 27 ? tail.lastIndexOf('OggS', tail.length - 27, 'latin1') : -1;
    while (at >= 0) {
      const tableEnd = at + 27 + tail[at + 26]!;
      if (tail[at + 4] === 0 && tableEnd <= tail.length) {
        let end = tableEnd;
        for (let i = at + 27; i < tableEnd; i++) end += tail[i]!;
        // The capture pattern can also occur in packet data: only a page that ends where the file ends is the last page.
        if (end === tail.length) return (tail[at + 5]! & 0x04) !== 0;
      }
      at = at > 0 ? tail.lastIndexOf('OggS', at - 1, 'latin1') : -1;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * Decides whether an uploaded file is audio we accept, by decoding all of it with ffmpeg. Its
 * name and declared type are not consulted. A text file, a video, a format not on the list,
 * decoding errors, or a decoded length far from what the header declares (a truncated file) are
 * all refused, as is an Ogg file without its end-of-stream page (also a truncated file).
 */
export async function inspectAudio(
  ffmpegPath: string,
  filePath: string,
  allowed: readonly AudioFormat[],
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<AudioInspection> {
  const { size } = await fsp.stat(filePath);
  if (size === 0) return { ok: false, reason: 'empty' };
  const result = await runProcess(
    ffmpegPath,
    // No -f for the input: the format is found from the content alone (the scratch file has no extension).
    ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'level+info', '-i', filePath, '-map', '0:a:0', '-vn', '-sn', '-dn', '-f', 'null', '-progress', 'pipe:1', '-'],
    options,
  );
  const output = parseFfmpegOutput(result.stderr);
  const format = output.demuxer ? DEMUXERS[output.demuxer] : undefined;
  // An MP4 whose index never arrived is a cut-off upload, not a foreign format.
  if (!output.demuxer && output.errors.some((line) => line.includes('moov atom not found'))) return { ok: false, reason: 'damaged' };
  if (!output.demuxer || !format || !output.hasAudio || output.hasMovingVideo || !allowed.includes(format)) {
    return { ok: false, reason: result.timedOut ? 'damaged' : 'unsupported' };
  }
  if (result.code !== 0 || result.timedOut || output.errors.length > 0) return { ok: false, reason: 'damaged' };
  const decoded = parseDecodedSeconds(result.stdout);
  if (decoded === undefined) return { ok: false, reason: 'damaged' };
  if (format === 'ogg' && !(await oggEndsWithEos(filePath))) return { ok: false, reason: 'damaged' };
  const declared = format === 'wav' ? await wavDeclaredSeconds(filePath) : output.durationEstimated ? undefined : output.headerDuration;
  if (declared !== undefined && Math.abs(declared - decoded) > Math.max(1, declared * 0.02)) return { ok: false, reason: 'damaged' };
  if (decoded < MIN_DURATION_SECONDS) return { ok: false, reason: 'too-short' };
  return { ok: true, format, ...AUDIO_FORMATS[format], duration: Math.round(decoded * 1000) / 1000 };
}
