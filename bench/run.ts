export {};

/**
 * npm run bench [name ...]: runs the named benchmarks (all by default), one after another.
 * Each prints a table and writes bench/results/<name>.json.
 */
const benchmarks: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  'auth-timing': () => import('./auth-timing'),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(1);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(benchmarks)) {
  const started = Date.now();
  console.log(`\n# ${name}`);
  await (await benchmarks[name]!()).run();
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
