import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { dataDir } from './mail';

/**
 * Test media made on the spot (nothing committed): sine tones by ffmpeg, covers by sharp, in the
 * run's temporary data directory, which global teardown removes with everything else.
 */
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const folder = () => path.join(dataDir(), 'e2e-media');

export interface MediaFiles {
  /** 40 s MP3, 64 kbit/s. */
  mp3: string;
  /** 8 s WAV. */
  wav: string;
  /** 5 s MP3 whose ID3 tags say title 'Usiku Mwema', artist 'Wanjiru Kamau'. */
  taggedMp3: string;
  /** 6 s AAC in .m4a (album tracks accept it; single tracks do not). */
  m4a: string;
  /** A PNG of exactly 3000x3000 px. */
  cover: string;
  /** A JPEG of 1000x1000 px: the wrong size. */
  smallCover: string;
  /** Not audio at all. */
  text: string;
}

let made: Promise<MediaFiles> | undefined;

function tone(name: string, seconds: number, frequency: number, codecArgs: string[]): string {
  const file = path.join(folder(), name);
  if (!fs.existsSync(file)) {
    execFileSync(FFMPEG, ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, ...codecArgs, file]);
  }
  return file;
}

async function make(): Promise<MediaFiles> {
  fs.mkdirSync(folder(), { recursive: true });
  const cover = path.join(folder(), 'cover-3000.png');
  const smallCover = path.join(folder(), 'cover-1000.jpg');
  await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 196, g: 84, b: 36 } } }).png().toFile(cover);
  await sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: 20, g: 90, b: 140 } } }).jpeg().toFile(smallCover);
  const text = path.join(folder(), 'notes.txt');
  fs.writeFileSync(text, 'These are liner notes, not audio.\n');
  return {
    mp3: tone('tone-40s.mp3', 40, 440, ['-b:a', '64k']),
    wav: tone('tone-8s.wav', 8, 330, []),
    taggedMp3: tone('recording-0412.mp3', 5, 392, ['-b:a', '64k', '-metadata', 'title=Usiku Mwema', '-metadata', 'artist=Wanjiru Kamau']),
    m4a: tone('tone-6s.m4a', 6, 550, ['-c:a', 'aac', '-b:a', '64k']),
    cover,
    smallCover,
    text,
  };
}

/** The test media, made once per worker. */
export function testMedia(): Promise<MediaFiles> {
  made ??= make();
  return made;
}

/** Spec section 9's size format (base 1024, two decimals; whole Bytes), for files the tests made. */
export function displayedSize(file: string): string {
  const bytes = fs.statSync(file).size;
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return exponent === 0 ? `${bytes} Bytes` : `${(bytes / 1024 ** exponent).toFixed(2)} ${units[exponent]}`;
}
