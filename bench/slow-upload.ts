/**
 * One 50 MB upload over a 750 kbit/s connection (about 9 minutes), paced by a token bucket at
 * the client, to a server of its own. It must complete with 201 (DESIGN.md budget: no overall
 * time limit on uploads, only on silence). Runs in the background, alongside the other benchmarks.
 */
import fs from 'node:fs';
import { signUpArtist } from './support/accounts';
import { fiftyMegabyteWav } from './support/media';
import { resetPeak } from './support/processes';
import { startServer } from './support/server';
import { uploadTrack } from './support/upload';
import { report } from './lib';

export const background = true;

const PORT = 5142;
const BITS_PER_SECOND = 750_000;

export async function run() {
  const wav = fiftyMegabyteWav();
  const server = await startServer(PORT);
  try {
    const artist = await signUpArtist(server, 'Slow Artist');
    const before = server.memory();
    resetPeak(server.pid);
    const result = await uploadTrack(server.url, artist.cookie, {
      file: wav,
      trackName: 'Slow upload',
      artistName: 'Bench',
      bytesPerSecond: BITS_PER_SECOND / 8,
    });
    const { peak } = server.memory();
    if (result.status !== 201) throw new Error(`slow upload: ${result.status} ${JSON.stringify(result.body)}`);
    report('slow-upload', [
      {
        'file MB': Number((fs.statSync(wav).size / 1e6).toFixed(1)),
        'paced at kbit/s': BITS_PER_SECOND / 1000,
        'achieved kbit/s': Number(((result.bytesSent * 8) / (result.ms / 1000) / 1000).toFixed(0)),
        'duration min': Number((result.ms / 60_000).toFixed(2)),
        status: result.status,
        'server RSS growth MiB': Number(((peak - before.rss) / 1024 / 1024).toFixed(1)),
      },
    ]);
  } finally {
    await server.stop();
  }
}
