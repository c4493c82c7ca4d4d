// Bundles the server (our code only; packages stay in node_modules) into dist/server, with the
// worker entry points and the SQL migrations at the same relative paths as in server/src.
import { build } from 'esbuild';
import fs from 'node:fs';

// An optional argument names another output folder (the benchmarks build a private copy).
const outdir = process.argv[2] ?? 'dist/server';
fs.rmSync(outdir, { recursive: true, force: true });
const workers = fs.readdirSync('server/src/workers').filter((file) => file.endsWith('.ts'));
await build({
  entryPoints: [
    { in: 'server/src/main.ts', out: 'main' },
    ...workers.map((file) => ({ in: `server/src/workers/${file}`, out: `workers/${file.replace(/\.ts$/, '')}` })),
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync('server/src/db/migrations', `${outdir}/db/migrations`, { recursive: true });
