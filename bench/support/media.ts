import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Generated audio, kept between runs (nothing large is committed). Bump the version to remake. */
const dir = path.join(os.tmpdir(), 'sauti-bench-media-v1');
const ffmpegPath = process.env.FFMPEG_PATH || 'ffmpeg';

function produce(name: string, args: string[]): string {
  const target = path.join(dir, name);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${process.pid}.${name}`);
  execFileSync(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, temporary], { stdio: 'inherit' });
  fs.renameSync(temporary, target);
  return target;
}

/**
 * The largest upload an artist may make: a WAV (44.1 kHz, 16-bit stereo, 176,400 bytes a second)
 * of 295 s = 52,038,044 bytes, just under the 50 MiB limit.
 */
export function fiftyMegabyteWav(): string {
  return produce('upload-295s.wav', [
    '-f', 'lavfi', '-i', 'sine=frequency=220:duration=295:sample_rate=44100',
    '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.05:duration=295:sample_rate=44100',
    '-filter_complex', 'amix=inputs=2,aformat=channel_layouts=stereo', '-c:a', 'pcm_s16le', '-f', 'wav',
  ]);
}

/**
 * The rounds of an upload bench, one after another (each on its own server): each is given its
 * index and the 50 MB WAV with its size in bytes.
 */
export async function wavRounds<R>(count: number, round: (index: number, wav: string, fileBytes: number) => Promise<R>): Promise<{ rounds: R[]; fileBytes: number }> {
  const wav = fiftyMegabyteWav();
  const fileBytes = fs.statSync(wav).size;
  const rounds: R[] = [];
  for (let index = 0; index < count; index++) rounds.push(await round(index, wav, fileBytes));
  return { rounds, fileBytes };
}

/** A song-like MP3 (tone and noise, so the encoder has work to do) of the given length. */
export function songMp3(seconds: number): string {
  return produce(`song-${seconds}s.mp3`, [
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.1:duration=${seconds}:sample_rate=44100`,
    '-filter_complex', 'amix=inputs=2,aformat=channel_layouts=stereo', '-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3',
  ]);
}
