import { finishAll, pinRunner, requireTools } from './support/processes';

/**
 * npm run bench [name ...]: runs the named benchmarks (all by default). Each prints a table and
 * writes bench/results/<name>.json. A benchmark that mostly waits (the slow upload) exports
 * `background = true`: it starts first and runs alongside the others.
 * The runner and its load generators stay on one core, the servers under test on the other
 * (support/processes.ts).
 */
type Benchmark = { run(): Promise<void>; background?: boolean };
// In this order: the timing-sensitive measurements first, the 1.6 GB of uploads (and the disk
// writes they leave behind) after them.
const benchmarks: Record<string, () => Promise<Benchmark>> = {
  'slow-upload': () => import('./slow-upload'),
  streams: () => import('./streams'),
  'json-api': () => import('./json-api'),
  analytics: () => import('./analytics'),
  'album-zip': () => import('./album-zip'),
  'download-formats': () => import('./download-formats'),
  discovery: () => import('./discovery'),
  search: () => import('./search'),
  'public-reads': () => import('./public-reads'),
  viral: () => import('./viral'),
  pages: () => import('./pages'),
  payments: () => import('./payments'),
  uploads: () => import('./uploads'),
  'uploads-resumable': () => import('./uploads-resumable'),
  'auth-timing': () => import('./auth-timing'),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(1);
}
requireTools({ taskset: 'util-linux', wrk: 'apt-get install -y wrk', nginx: 'apt-get install -y nginx-light', ffmpeg: 'apt-get install -y ffmpeg' });
pinRunner();

const started = Date.now();
const timed = async (name: string, benchmark: Benchmark) => {
  const start = Date.now();
  await benchmark.run();
  console.log(`(${name}: ${((Date.now() - start) / 1000).toFixed(1)} s)`);
};
const selected = await Promise.all(
  (wanted.length > 0 ? wanted : Object.keys(benchmarks)).map(async (name) => ({ name, benchmark: await benchmarks[name]!() })),
);
let failed = false;
// Each background benchmark's failure is heard as it happens: a rejection left unheard until the
// others finish would end the whole run (Node stops on an unhandled rejection).
const background = selected.filter(({ benchmark }) => benchmark.background).map(({ name, benchmark }) => {
  console.log(`\n# ${name} (in the background)`);
  return timed(name, benchmark).catch((error: unknown) => {
    failed = true;
    console.error(`a background benchmark (${name}) failed:`, error);
  });
});
for (const { name, benchmark } of selected.filter(({ benchmark }) => !benchmark.background)) {
  console.log(`\n# ${name}`);
  try {
    await timed(name, benchmark);
  } catch (error) {
    failed = true;
    console.error(`${name} failed:`, error);
  }
}
await Promise.all(background);
await finishAll();
console.log(`\nAll done in ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
process.exit(failed ? 1 : 0);
