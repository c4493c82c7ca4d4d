/**
 * Download formats (issue 16, docs/decisions/035): GET /api/tracks/{id}/download?format=mp3|flac
 * of the largest upload an artist may make (a 295 s, 52 MB WAV), from the production server.
 * 1. The first MP3 and the first FLAC: the fan waits while the file is made (ffmpeg, one transcode
 *    at a time): time to the first byte and to the end, and the server's memory meanwhile (the
 *    file is made on disk and streamed, never held whole).
 * 2. The same downloads again: the kept file, served like the original (first byte, MB/s).
 * 3. CONCURRENT fans asking for the MP3 of a fresh upload at the same moment: one file is made
 *    for all of them (they share one run), so they all wait about one transcode, not N.
 * Every answer's length is checked against its Content-Length.
 */
import fs from 'node:fs';
import { signUpArtist } from './support/accounts';
import { fiftyMegabyteWav } from './support/media';
import { loadAverage, measureMemoryDuring, waitForQuiet } from './support/processes';
import { timedDownload, type TimedDownload } from './support/download';
import { startServer } from './support/server';
import { uploadTrack, waitForRenditions } from './support/upload';
import { report } from './lib';

const PORT = 5146;
const CONCURRENT = Number(process.env.BENCH_FORMATS_CONCURRENT ?? 8);
const MIB = 1024 * 1024;

/** A download that must be whole: 200, and every byte Content-Length promised. */
async function download(url: string): Promise<TimedDownload> {
  const result = await timedDownload(url);
  if (result.status !== 200 || result.bytes !== result.contentLength) throw new Error(`${url}: ${result.status}, ${result.bytes} bytes of ${result.contentLength}`);
  return result;
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
const mbPerSecond = (result: TimedDownload) => Number((result.bytes / 1e6 / (result.totalMs / 1000)).toFixed(0));

export async function run() {
  const wav = fiftyMegabyteWav();
  const server = await startServer(PORT, { TRUST_PROXY: 'true' });
  try {
    const artist = await signUpArtist(server, 'Formats Artist');
    const upload = async (trackName: string) => {
      const uploaded = await uploadTrack(server.url, artist.cookie, { file: wav, trackName, artistName: 'Bench' });
      if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
      return uploaded.body.id as string;
    };
    const first = await upload('Wimbo Mrefu');
    const fresh = await upload('Wimbo Mpya');
    // The streaming renditions' jobs finish first: only the download formats are measured.
    await waitForRenditions(server.url, artist.cookie);
    const { quiet } = await waitForQuiet();

    const rows: Record<string, unknown>[] = [];
    for (const format of ['mp3', 'flac'] as const) {
      const url = `${server.url}/api/tracks/${first}/download?format=${format}`;
      const made = await measureMemoryDuring(server.pid, () => download(url));
      const kept = await download(url);
      rows.push({
        format,
        'file MB': Number((made.result.bytes / 1e6).toFixed(1)),
        'first download: first byte s (made meanwhile)': seconds(made.result.firstByteMs),
        'first download: RSS growth MiB': Number(((made.peakRss - made.before.rss) / MIB).toFixed(1)),
        'kept: first byte ms': Number(kept.firstByteMs.toFixed(1)),
        'kept: MB/s': mbPerSecond(kept),
        'all done s': null,
      });
    }

    const url = `${server.url}/api/tracks/${fresh}/download?format=mp3`;
    const together = await measureMemoryDuring(server.pid, () => Promise.all(Array.from({ length: CONCURRENT }, () => download(url))));
    const slowest = Math.max(...together.result.map((result) => result.totalMs));
    rows.push({
      format: `mp3, ${CONCURRENT} fans at once`,
      'file MB': Number((together.result[0]!.bytes / 1e6).toFixed(1)),
      'first download: first byte s (made meanwhile)': seconds(Math.max(...together.result.map((result) => result.firstByteMs))),
      'first download: RSS growth MiB': Number(((together.peakRss - together.before.rss) / MIB).toFixed(1)),
      'kept: first byte ms': null,
      'kept: MB/s': null,
      'all done s': seconds(slowest),
    });

    report('download-formats', rows, [
      `the original: a ${fs.statSync(wav).size}-byte WAV (295 s, 44.1 kHz 16-bit stereo); MP3 320 kb/s tagged, FLAC; over loopback, every answer as long as its Content-Length`,
      `RSS growth: the server's peak (VmHWM reset before, 50 ms samples) over its RSS before; ${quiet ? 'quiet' : 'busy'} machine at the start; load average at the end: ${loadAverage()}`,
    ]);
  } finally {
    await server.stop();
  }
}
