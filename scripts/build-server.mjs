// Bundles the server (our code only; packages stay in node_modules) into dist/server, with the
// worker entry points and the SQL migrations at the same relative paths as in server/src.
import { build } from 'esbuild';
import fs from 'node:fs';

// An optional argument names another output folder (the benchmarks build a private copy).
const outdir = process.argv[2] ?? 'dist/server';
fs.rmSync(outdir, { recursive: true, force: true });
const workers = fs.readdirSync('server/src/workers').filter((file) => file.endsWith('.ts'));

// The server's message catalogues (decision 056), parsed now: the bundle carries the result in
// place of server/src/i18n/catalogues.ts, and no ICU parser. (The parser is bundled into the
// throwaway module that parses them, so it runs wherever outdir is.)
const cataloguesModule = `${outdir}/catalogues.tmp.mjs`;
await build({ entryPoints: ['server/src/i18n/catalogues.ts'], outfile: cataloguesModule, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
const { catalogues } = await import(new URL(cataloguesModule, `file://${process.cwd()}/`).href);
fs.rmSync(cataloguesModule);
const parsedCatalogues = {
  name: 'parsed-catalogues',
  setup(builder) {
    builder.onLoad({ filter: /server[\\/]src[\\/]i18n[\\/]catalogues\.ts$/ }, () => ({ contents: `export const catalogues = ${JSON.stringify(catalogues)};`, loader: 'js' }));
  },
};

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
  plugins: [parsedCatalogues],
});
fs.cpSync('server/src/db/migrations', `${outdir}/db/migrations`, { recursive: true });
