import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { locateFfmpeg } from '../../src/modules/media/ffmpeg';

/**
 * Real audio and images for the API tests, made by ffmpeg and sharp on first use (nothing large
 * is committed). Files are generated into a shared folder keyed by FIXTURES_VERSION, each written
 * under a temporary name and renamed, so parallel test files can share them safely.
 */
const FIXTURES_VERSION = 'v1';
const dir = path.join(os.tmpdir(), `sauti-media-fixtures-${FIXTURES_VERSION}`);

/** The ffmpeg the app itself would use (FFMPEG_PATH, the system's, or the bundled one). */
let ffmpegPath = 'ffmpeg';

function ffmpeg(args: string[], output: string) {
  execFileSync(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, output], { stdio: 'pipe' });
}

function produce(name: string, make: (target: string) => void | Promise<void>): Promise<string> | string {
  const target = path.join(dir, name);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}${path.extname(name)}`);
  const done = () => {
    fs.renameSync(temporary, target);
    return target;
  };
  const result = make(temporary);
  return result instanceof Promise ? result.then(done) : done();
}

const tone = (seconds: number, frequency = 440) => ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`];

function truncate(source: string, fraction: number) {
  return (target: string) => {
    const bytes = fs.readFileSync(source);
    fs.writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  };
}

/**
 * A PNG whose header claims 20000x20000 pixels (a decompression bomb), a few dozen bytes long
 * around `idat`: the fixture's deflated zeros, or raw bytes (the profile photo tests).
 */
export function pngBomb(idat: Buffer): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

function bombPng(target: string) {
  fs.writeFileSync(target, pngBomb(deflateSync(Buffer.alloc(1024))));
}

const square = (size: number, width = size) =>
  sharp({ create: { width, height: size, channels: 3, background: { r: 200, g: 80, b: 40 } } });

export interface MediaFixtures {
  mp3: string;
  /** 40 s: longer than the 25-second preview. */
  mp3Long: string;
  /** 5 s at 64 kbps, about 40 KB. */
  mp3Short: string;
  wav: string;
  m4a: string;
  aac: string;
  ogg: string;
  flac: string;
  truncatedMp3: string;
  truncatedWav: string;
  textAsMp3: string;
  empty: string;
  movieMp4: string;
  coverPng: string;
  coverJpg: string;
  wrongSizePng: string;
  coverWebp: string;
  bombPng: string;
  truncatedPng: string;
}

export async function mediaFixtures(): Promise<MediaFixtures> {
  ffmpegPath = (await locateFfmpeg(process.env.FFMPEG_PATH, dir)).path;
  const mp3 = await produce('tone-30s.mp3', (t) => ffmpeg([...tone(30), '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'], t));
  const wav = await produce('tone-8s.wav', (t) => ffmpeg([...tone(8, 330), '-ac', '1', '-f', 'wav'], t));
  const coverPng = await produce('cover-3000.png', (t) => square(3000).png().toFile(t).then(() => undefined));
  return {
    mp3,
    mp3Long: await produce('tone-40s.mp3', (t) => ffmpeg([...tone(40, 523), '-c:a', 'libmp3lame', '-b:a', '96k', '-f', 'mp3'], t)),
    mp3Short: await produce('tone-5s.mp3', (t) => ffmpeg([...tone(5, 660), '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'], t)),
    wav,
    m4a: await produce('tone-6s.m4a', (t) => ffmpeg([...tone(6, 392), '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4'], t)),
    aac: await produce('tone-6s.aac', (t) => ffmpeg([...tone(6, 415), '-c:a', 'aac', '-b:a', '64k', '-f', 'adts'], t)),
    ogg: await produce('tone-6s.ogg', (t) => ffmpeg([...tone(6, 349), '-c:a', 'libvorbis', '-f', 'ogg'], t)),
    flac: await produce('tone-6s.flac', (t) => ffmpeg([...tone(6, 294), '-c:a', 'flac', '-f', 'flac'], t)),
    truncatedMp3: await produce('truncated.mp3', truncate(mp3, 0.4)),
    truncatedWav: await produce('truncated.wav', truncate(wav, 0.5)),
    textAsMp3: await produce('text.mp3', (t) => fs.writeFileSync(t, 'These are the liner notes, not a song.\n'.repeat(40))),
    empty: await produce('empty.mp3', (t) => fs.writeFileSync(t, '')),
    movieMp4: await produce('movie.m4a', (t) =>
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:duration=3', ...tone(3), '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', '-f', 'mp4'], t),
    ),
    coverPng,
    coverJpg: await produce('cover-3000.jpg', (t) => square(3000).jpeg().toFile(t).then(() => undefined)),
    wrongSizePng: await produce('cover-2999x3000.png', (t) => square(3000, 2999).png().toFile(t).then(() => undefined)),
    coverWebp: await produce('cover-3000.webp', (t) => square(3000).webp().toFile(t).then(() => undefined)),
    bombPng: await produce('bomb.png', bombPng),
    truncatedPng: await produce('truncated.png', async (t) => {
      // A noisy image, so its compressed data is long enough to cut in the middle.
      const noise = Buffer.alloc(3000 * 3000 * 3);
      for (let i = 0; i < noise.length; i += 7) noise[i] = (i * 2654435761) >>> 24;
      const full = await sharp(noise, { raw: { width: 3000, height: 3000, channels: 3 } }).png().toBuffer();
      fs.writeFileSync(t, full.subarray(0, Math.floor(full.length / 2)));
    }),
  };
}

/** Seconds of audio ffmpeg decodes from a file (what a listener could hear). */
export function decodedSeconds(file: string): number {
  const result = execFileSync(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-f', 'null', '-progress', 'pipe:1', '-'], {
    encoding: 'utf8',
  });
  const values = [...result.matchAll(/^out_time_us=(\d+)$/gm)].map((match) => Number(match[1]));
  return (values.at(-1) ?? 0) / 1_000_000;
}

/** Seconds of audio in a response body. */
export function decodedSecondsOfBytes(bytes: Buffer, extension = 'm4a'): number {
  const file = path.join(os.tmpdir(), `sauti-decoded-${process.pid}-${Math.random().toString(36).slice(2)}.${extension}`);
  fs.writeFileSync(file, bytes);
  try {
    return decodedSeconds(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The largest upload an artist may make: a WAV (44.1 kHz, 16-bit stereo) of 295 s, 52,038,044
 * bytes, just under the 50 MB limit (as the uploads benchmark sends). Made on first use.
 */
export async function fiftyMegabyteWav(): Promise<string> {
  ffmpegPath = (await locateFfmpeg(process.env.FFMPEG_PATH, dir)).path;
  return produce('upload-295s.wav', (t) =>
    ffmpeg(
      [
        '-f', 'lavfi', '-i', 'sine=frequency=220:duration=295:sample_rate=44100',
        '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.05:duration=295:sample_rate=44100',
        '-filter_complex', 'amix=inputs=2,aformat=channel_layouts=stereo', '-c:a', 'pcm_s16le', '-f', 'wav',
      ],
      t,
    ),
  );
}

/** What a music app would read from a downloaded file: its tags, and whether it carries a picture. */
export function probeAudio(bytes: Buffer, extension: string): { tags: Record<string, string>; codec: string | undefined; attachedPicture: boolean } {
  const file = path.join(os.tmpdir(), `sauti-probe-${process.pid}-${Math.random().toString(36).slice(2)}.${extension}`);
  fs.writeFileSync(file, bytes);
  try {
    const metadata = execFileSync(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-f', 'ffmetadata', '-'], { encoding: 'utf8' });
    const tags = Object.fromEntries(
      metadata
        .split('\n')
        .filter((line) => /^[a-z_]+=/i.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')).toLowerCase(), line.slice(line.indexOf('=') + 1)]),
    );
    // `ffmpeg -i` alone prints the streams and exits non-zero (no output named).
    let described = '';
    try {
      execFileSync(ffmpegPath, ['-hide_banner', '-nostdin', '-i', file], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      described = String((error as { stderr?: string }).stderr ?? '');
    }
    return {
      tags,
      codec: /Stream #0:\d+[^:]*: Audio: (\w+)/.exec(described)?.[1],
      attachedPicture: /Video: mjpeg.*\(attached pic\)/.test(described),
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
