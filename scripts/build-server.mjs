// Bundles the server (our code only; packages stay in node_modules) into dist/server, with the
// worker entry points and the SQL migrations at the same relative paths as in server/src.
import { build } from 'esbuild';
import fs from 'node:fs';

fs.rmSync('dist/server', { recursive: true, force: true });
const workers = fs.readdirSync('server/src/workers').filter((file) => file.endsWith('.ts'));
await build({
  entryPoints: [
    { in: 'server/src/main.ts', out: 'main' },
    ...workers.map((file) => ({ in: `server/src/workers/${file}`, out: `workers/${file.replace(/\.ts$/, '')}` })),
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync('server/src/db/migrations', 'dist/server/db/migrations', { recursive: true });
