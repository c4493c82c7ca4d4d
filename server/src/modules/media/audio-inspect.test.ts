import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_TRACK_FORMATS, inspectAudio, parseDecodedSeconds, parseFfmpegOutput } from './audio-inspect';
import { locateFfmpeg } from './ffmpeg';

const mp3WithArt = `[info] Input #0, mp3, from '/tmp/upload-1':
[info]   Duration: 00:01:00.03, start: 0.025057, bitrate: 128 kb/s
[info]   Stream #0:0: Audio: mp3, 44100 Hz, mono, fltp, 128 kb/s
[info]   Stream #0:1: Video: mjpeg (Baseline), yuvj420p(pc), 300x300, 90k tbr, 90k tbn
[info] Stream mapping:
[info]   Stream #0:0 -> #0:0 (mp3 (mp3float) -> pcm_s16le (native))
[info] Output #0, null, to 'pipe:':
[info]     Stream #0:0: Audio: pcm_s16le, 44100 Hz, mono, s16, 705 kb/s
[info] size=N/A time=00:01:00.00 bitrate=N/A speed= 340x`;

describe('reading ffmpeg output', () => {
  it('finds the format, header duration and streams of the input only', () => {
    expect(parseFfmpegOutput(mp3WithArt)).toEqual({
      demuxer: 'mp3',
      headerDuration: 60.03,
      durationEstimated: false,
      hasAudio: true,
      hasMovingVideo: false,
      errors: [],
    });
  });

  it('sees a movie, an estimated duration and decoding errors (even on a progress line)', () => {
    const output = parseFfmpegOutput(`[mp3 @ 0x1] [warning] Estimating duration from bitrate, this may be inaccurate
[info] Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x':
[info]   Duration: 00:00:03.00, start: 0.000000, bitrate: 300 kb/s
[info]   Stream #0:0[0x1](und): Video: mpeg4 (Simple Profile) (mp4v / 0x7634706D), yuv420p, 160x120
[info]   Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s
[info] size=N/A time=00:00:00.10 bitrate=N/A speed=1.5e+03x    [flac @ 0x5] [error] invalid residual\r[error] Error while decoding stream #0:0`);
    expect(output).toMatchObject({ demuxer: 'mov,mp4,m4a,3gp,3g2,mj2', durationEstimated: true, hasAudio: true, hasMovingVideo: true });
    expect(output.errors).toHaveLength(2);
  });

  it('reads the last decoded position from -progress', () => {
    expect(parseDecodedSeconds('out_time_us=1000000\nprogress=continue\nout_time_us=19984739\nprogress=end\n')).toBeCloseTo(19.98, 2);
    expect(parseDecodedSeconds('progress=end\n')).toBeUndefined();
  });
});

describe('inspecting Ogg audio', () => {
  let dir: string;
  let ffmpegPath: string;
  const inspect = (file: string) => inspectAudio(ffmpegPath, file, ALBUM_TRACK_FORMATS, { timeoutMs: 30_000 });
  /** Real audio made by ffmpeg: nothing binary is committed. */
  const make = (name: string, codec: string[]) => {
    const file = path.join(dir, name);
    execFileSync(
      ffmpegPath,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12', ...codec, '-f', 'ogg', file],
      { stdio: 'pipe' },
    );
    return file;
  };
  const cut = (source: string, length: number, name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, fs.readFileSync(source).subarray(0, length));
    return file;
  };
  const files = {
    vorbis: () => path.join(dir, 'tone.ogg'),
    opus: () => path.join(dir, 'tone.opus'),
    flac: () => path.join(dir, 'tone.oga'),
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-audio-inspect-'));
    ffmpegPath = (await locateFfmpeg(process.env.FFMPEG_PATH, dir)).path;
    make('tone.ogg', ['-c:a', 'libvorbis']);
    make('tone.opus', ['-c:a', 'libopus']);
    make('tone.oga', ['-c:a', 'flac']);
  }, 60_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['vorbis', 'opus', 'flac'] as const)('accepts a complete Ogg %s file with its duration', async (codec) => {
    const result = await inspect(files[codec]());
    expect(result).toMatchObject({ ok: true, format: 'ogg', mimeType: 'audio/ogg' });
    expect(result.ok && result.duration).toBeCloseTo(12, 1);
  });

  it.each(['vorbis', 'opus', 'flac'] as const)('refuses an Ogg %s file cut in half as damaged', async (codec) => {
    const source = files[codec]();
    const half = cut(source, Math.floor(fs.statSync(source).size / 2), `half-${codec}.ogg`);
    expect(await inspect(half)).toEqual({ ok: false, reason: 'damaged' });
  });

  it.each(['vorbis', 'opus', 'flac'] as const)('refuses an Ogg %s file cut at a page boundary before its end-of-stream page', async (codec) => {
    const source = files[codec]();
    const bytes = fs.readFileSync(source);
    // The first page that starts past the middle: everything before it is whole pages, none of them the last.
    const boundary = bytes.indexOf('OggS', Math.floor(bytes.length / 2), 'latin1');
    expect(boundary).toBeGreaterThan(0);
    expect(bytes.lastIndexOf('OggS', undefined, 'latin1')).toBeGreaterThan(boundary);
    expect(await inspect(cut(source, boundary, `pages-${codec}.ogg`))).toEqual({ ok: false, reason: 'damaged' });
  });
});
