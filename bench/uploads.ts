/**
 * 32 concurrent 50 MB uploads (POST /api/tracks, 49.6 MiB WAV each) to the production server,
 * from the runner's process on the load core. Reports throughput, time per upload and the server
 * process's memory: RSS before, peak (VmHWM, reset just before) and after, and which part grew:
 * the embedded database's WebAssembly heap or the Node side. Budget (DESIGN.md): growth <= 2 MiB
 * per concurrent upload; a round over it fails the benchmark, naming the part that grew
 * (docs/decisions/032-upload-memory.md). The uploads are spread over 8 artists (1 GB quota and
 * 4 uploads at a time each). BENCH_UPLOADS_ROUNDS (default 1) repeats the round, each on a fresh
 * server: a rare jump needs several rounds to show.
 */
import { signUpArtist, type Artist } from './support/accounts';
import { songMp3, wavRounds } from './support/media';
import { loadAverage, measureMemoryDuring, uploadMemoryColumns, waitForQuiet } from './support/processes';
import { startServer } from './support/server';
import { uploadTrack, waitForRenditions } from './support/upload';
import { report, summarise } from './lib';

const PORT = 5140;
const CONCURRENT = 32;
const ARTISTS = 8;
const MIB = 1024 * 1024;
const BUDGET_PER_UPLOAD = 2 * MIB;
const ROUNDS = Math.max(1, Number(process.env.BENCH_UPLOADS_ROUNDS ?? 1));

async function round(wav: string, fileBytes: number) {
  const server = await startServer(PORT);
  try {
    const artists: Artist[] = [];
    for (let i = 0; i < ARTISTS; i++) artists.push(await signUpArtist(server, `Upload Artist ${i + 1}`));
    // Warm-up: the upload path loaded and compiled, its media jobs done, before the baseline.
    const warm = await uploadTrack(server.url, artists[0]!.cookie, { file: songMp3(10), trackName: 'Warm-up', artistName: 'Bench' });
    if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.body)}`);
    await waitForRenditions(server.url, artists[0]!.cookie);

    const { quiet } = await waitForQuiet();
    const memory = await measureMemoryDuring(server.pid, () =>
      Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          uploadTrack(server.url, artists[i % ARTISTS]!.cookie, { file: wav, trackName: `Upload ${i + 1}`, artistName: 'Bench' }),
        ),
      ),
    );
    const { result: results, seconds } = memory;
    const failed = results.filter((result) => result.status !== 201);
    if (failed.length > 0) throw new Error(`${failed.length} uploads failed, e.g. ${failed[0]!.status} ${JSON.stringify(failed[0]!.body)}`);
    const times = summarise(results.map((result) => result.ms / 1000));
    const { growthPerUpload, columns } = uploadMemoryColumns(memory, CONCURRENT);
    return {
      quiet,
      row: {
        uploads: CONCURRENT,
        'file MB': Number((fileBytes / 1e6).toFixed(1)),
        'total MB/s': Number(((CONCURRENT * fileBytes) / 1e6 / seconds).toFixed(1)),
        'wall s': Number(seconds.toFixed(1)),
        'per upload s (median)': Number(times.median.toFixed(1)),
        'per upload s (max)': Number(times.max.toFixed(1)),
        ...columns,
      },
      overBudget: growthPerUpload > BUDGET_PER_UPLOAD,
    };
  } finally {
    await server.stop();
  }
}

export async function run() {
  const { rounds, fileBytes } = await wavRounds(ROUNDS, (_index, wav, bytes) => round(wav, bytes));
  report('uploads', rounds.map((r) => r.row), [
    `${CONCURRENT} concurrent uploads of a ${fileBytes}-byte WAV over loopback, ${ROUNDS} round(s), each on a fresh server; every one answered 201 (validated by decoding, stored)`,
    `server peak RSS from VmHWM (reset before the uploads) and 50 ms VmRSS samples; DB WASM heap: PGlite's WebAssembly memory, from /proc/<pid>/smaps every 500 ms; ${rounds.filter((r) => !r.quiet).length} round(s) started on a busy machine; load average at the end: ${loadAverage()}`,
  ]);
  const over = rounds.filter((r) => r.overBudget);
  if (over.length > 0) {
    const row = over[0]!.row;
    throw new Error(
      `${over.length} of ${ROUNDS} round(s) over the budget of 2 MiB per upload: RSS ${row['RSS before MiB']} -> ${row['RSS peak MiB']} MiB; ` +
        `DB WASM heap grew ${row['DB WASM heap growth MiB']} MiB, the Node side ${row['Node side growth at end MiB']} MiB (at the end)`,
    );
  }
}
