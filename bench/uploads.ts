/**
 * 32 concurrent 50 MB uploads (POST /api/tracks, 49.6 MiB WAV each) to the production server,
 * from the runner's process on the load core. Reports throughput, time per upload and the server
 * process's memory: RSS before, peak (VmHWM, reset just before) and after. Budget (DESIGN.md):
 * growth <= 2 MiB per concurrent upload. The uploads are spread over 8 artists (1 GB quota and 4 uploads at a time each).
 */
import fs from 'node:fs';
import { signUpArtist, type Artist } from './support/accounts';
import { fiftyMegabyteWav, songMp3 } from './support/media';
import { loadAverage, resetPeak, waitForQuiet } from './support/processes';
import { startServer } from './support/server';
import { uploadTrack, waitForRenditions } from './support/upload';
import { report, summarise } from './lib';

const PORT = 5140;
const CONCURRENT = 32;
const ARTISTS = 8;
const MIB = 1024 * 1024;

export async function run() {
  const wav = fiftyMegabyteWav();
  const fileBytes = fs.statSync(wav).size;
  const server = await startServer(PORT);
  try {
    const artists: Artist[] = [];
    for (let i = 0; i < ARTISTS; i++) artists.push(await signUpArtist(server, `Upload Artist ${i + 1}`));
    // Warm-up: the upload path loaded and compiled, its media jobs done, before the baseline.
    const warm = await uploadTrack(server.url, artists[0]!.cookie, { file: songMp3(10), trackName: 'Warm-up', artistName: 'Bench' });
    if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.body)}`);
    await waitForRenditions(server.url, artists[0]!.cookie);

    const { quiet } = await waitForQuiet();
    const before = server.memory();
    resetPeak(server.pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, server.memory().rss)), 50);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        uploadTrack(server.url, artists[i % ARTISTS]!.cookie, { file: wav, trackName: `Upload ${i + 1}`, artistName: 'Bench' }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { peak } = server.memory();
    const after = server.memory().rss;

    const failed = results.filter((result) => result.status !== 201);
    if (failed.length > 0) throw new Error(`${failed.length} uploads failed, e.g. ${failed[0]!.status} ${JSON.stringify(failed[0]!.body)}`);
    const times = summarise(results.map((result) => result.ms / 1000));
    const growthPerUpload = (Math.max(peak, sampledPeak) - before.rss) / CONCURRENT;
    const mib = (bytes: number) => Number((bytes / MIB).toFixed(1));
    const summary = {
      uploads: CONCURRENT,
      'file MB': Number((fileBytes / 1e6).toFixed(1)),
      'total MB/s': Number(((CONCURRENT * fileBytes) / 1e6 / seconds).toFixed(1)),
      'wall s': Number(seconds.toFixed(1)),
      'per upload s (median)': Number(times.median.toFixed(1)),
      'per upload s (max)': Number(times.max.toFixed(1)),
      'RSS before MiB': mib(before.rss),
      'RSS peak MiB': mib(Math.max(peak, sampledPeak)),
      'RSS after MiB': mib(after),
      'growth per upload MiB (target < 2)': Number((growthPerUpload / MIB).toFixed(2)),
    };
    report('uploads', [summary], [
      `${CONCURRENT} concurrent uploads of a ${fileBytes}-byte WAV over loopback; every one answered 201 (validated by decoding, stored)`,
      `server peak RSS from VmHWM (reset before the uploads) and 50 ms VmRSS samples; ${quiet ? 'quiet' : 'busy'} machine at the start; load average at the end: ${loadAverage()}`,
    ]);
  } finally {
    await server.stop();
  }
}
