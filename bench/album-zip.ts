/**
 * Album ZIP downloads (GET /api/albums/{id}/download) from the production server (DESIGN.md
 * "Album ZIPs stream in store mode: first byte <= 200 ms, flat memory"; docs/decisions/027):
 * an album of TRACKS WAVs of ~10 MB each, uploaded through the API, renditions made first (no
 * job runs during the measurement).
 * 1. SEQUENTIAL downloads one after another: time to the first body byte (target <= 200 ms) and
 *    the time and throughput of the whole ZIP.
 * 2. CONCURRENT downloads at once: total throughput, and the server's RSS before, at its peak
 *    (VmHWM, reset just before, and 50 ms samples) and after. Flat memory: growth per download
 *    stays a small constant (no file is ever buffered whole).
 * Every answer's length is checked against its Content-Length. The files come from the page cache
 * after the first download (a cold disk or S3 would add their own latency to each entry).
 * The server trusts X-Forwarded-For here and each request names its own address, so the per-address
 * download limit (20 a minute) does not stop the benchmark.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUpArtist } from './support/accounts';
import { loadAverage, resetPeak, waitForQuiet } from './support/processes';
import { timedDownload, type TimedDownload } from './support/download';
import { startServer } from './support/server';
import { uploadTrack, waitForRenditions } from './support/upload';
import { report, summarise } from './lib';

const PORT = 5144;
const TRACKS = Number(process.env.BENCH_ALBUM_TRACKS ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_ALBUM_SEQUENTIAL ?? 10);
const CONCURRENT = Number(process.env.BENCH_ALBUM_CONCURRENT ?? 8);
const MIB = 1024 * 1024;
/** 44.1 kHz 16-bit stereo: 176,400 bytes a second; 57 s is ~10 MB. */
const TRACK_SECONDS = 57;

/** A ~10 MB WAV (tone and noise), made once and kept between runs. */
function tenMegabyteWav(): string {
  const dir = path.join(os.tmpdir(), 'sauti-bench-media-v1');
  const target = path.join(dir, `album-track-${TRACK_SECONDS}s.wav`);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${process.pid}.album-track.wav`);
  // prettier-ignore
  execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `sine=frequency=262:duration=${TRACK_SECONDS}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.05:duration=${TRACK_SECONDS}:sample_rate=44100`,
    '-filter_complex', 'amix=inputs=2,aformat=channel_layouts=stereo', '-c:a', 'pcm_s16le', '-f', 'wav', temporary,
  ], { stdio: 'inherit' });
  fs.renameSync(temporary, target);
  return target;
}

function check(result: TimedDownload) {
  if (result.status !== 200) throw new Error(`album download answered ${result.status}`);
  if (result.bytes !== result.contentLength) throw new Error(`album download sent ${result.bytes} bytes, Content-Length said ${result.contentLength}`);
}

export async function run() {
  const wav = tenMegabyteWav();
  const trackBytes = fs.statSync(wav).size;
  const server = await startServer(PORT, { TRUST_PROXY: 'true' });
  try {
    const artist = await signUpArtist(server, 'Album Artist');
    const ids: string[] = [];
    for (let i = 0; i < TRACKS; i++) {
      const uploaded = await uploadTrack(server.url, artist.cookie, { file: wav, trackName: `Wimbo ${i + 1}`, artistName: 'Bench' });
      if (uploaded.status !== 201) throw new Error(`upload ${i + 1}: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
      ids.push(uploaded.body.id as string);
    }
    const form = new FormData();
    form.append('albumName', 'Bench Album');
    form.append('selectedSongs', JSON.stringify(ids));
    const created = await fetch(`${server.url}/api/albums`, { method: 'POST', body: form, headers: { cookie: artist.cookie } });
    if (created.status !== 201) throw new Error(`album: ${created.status} ${await created.text()}`);
    const albumId = ((await created.json()) as { id: string }).id;
    await waitForRenditions(server.url, artist.cookie);
    const url = `${server.url}/api/albums/${albumId}/download`;

    // Warm-up: the route compiled, the files in the page cache.
    for (let i = 0; i < 2; i++) check(await timedDownload(url));

    const { quiet } = await waitForQuiet();
    const sequential: TimedDownload[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const result = await timedDownload(url);
      check(result);
      sequential.push(result);
    }
    const zipBytes = sequential[0]!.bytes;

    const before = server.memory();
    resetPeak(server.pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, server.memory().rss)), 50);
    const started = performance.now();
    const concurrent = await Promise.all(Array.from({ length: CONCURRENT }, () => timedDownload(url)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const peak = Math.max(server.memory().peak, sampledPeak);
    const after = server.memory().rss;
    for (const result of concurrent) check(result);

    const firstByte = summarise(sequential.map((result) => result.firstByteMs));
    const concurrentFirstByte = summarise(concurrent.map((result) => result.firstByteMs));
    const whole = summarise(sequential.map((result) => result.totalMs));
    const mib = (bytes: number) => Number((bytes / MIB).toFixed(1));
    const summary = {
      tracks: TRACKS,
      'ZIP MB': Number((zipBytes / 1e6).toFixed(1)),
      'first byte ms p50 (target <= 200)': Number(firstByte.median.toFixed(1)),
      'first byte ms max': Number(firstByte.max.toFixed(1)),
      'one ZIP s (median)': Number((whole.median / 1000).toFixed(2)),
      'one ZIP MB/s': Number((zipBytes / 1e6 / (whole.median / 1000)).toFixed(0)),
      [`${CONCURRENT} at once: MB/s`]: Number(((CONCURRENT * zipBytes) / 1e6 / seconds).toFixed(0)),
      [`${CONCURRENT} at once: first byte ms max`]: Number(concurrentFirstByte.max.toFixed(1)),
      'RSS before MiB': mib(before.rss),
      'RSS peak MiB': mib(peak),
      'RSS after MiB': mib(after),
      'growth per download MiB': Number(((peak - before.rss) / CONCURRENT / MIB).toFixed(2)),
    };
    report('album-zip', [summary], [
      `an album of ${TRACKS} WAVs of ${trackBytes} bytes; ${SEQUENTIAL} downloads one after another, then ${CONCURRENT} at once, over loopback; every answer as long as its Content-Length`,
      `server peak RSS from VmHWM (reset before the concurrent downloads) and 50 ms VmRSS samples; ${quiet ? 'quiet' : 'busy'} machine at the start; load average at the end: ${loadAverage()}`,
    ]);
  } finally {
    await server.stop();
  }
}
