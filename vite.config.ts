import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileCatalogue } from './common/src/i18n/compile';

const apiPort = process.env.API_PORT ?? '5001';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a .gz and a .br beside every text asset of the build, so the server (@fastify/static
 * with preCompressed) sends compressed bytes without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sauti:precompress',
    // The server-side renderer's bundle is read from disk by the server, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => COMPRESSIBLE.test(file))
        .map((file) => path.join(outDir, file));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.promises.readFile(file);
          const [gz, br] = await Promise.all([
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

/**
 * `import ... from '.../en.json?icu'`: a message catalogue parsed at build time into the elements
 * the tiny runtime formats (common/src/i18n/format.ts, decision 049), so no ICU parser is shipped.
 */
function compiledCatalogues(): Plugin {
  return {
    name: 'sauti:compiled-catalogues',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.json?icu')) return null;
      const file = id.slice(0, -'?icu'.length);
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalogue(messages))};`;
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [compiledCatalogues(), react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk with it (docs/decisions/064). Left
          // to itself, Rolldown moves each module that a lazy chunk shares with the entry into a
          // common chunk of its own: a public page fetched 14 scripts, each compressed on its own
          // (about 3 KB more gzip than the same code in one file). The lazy chunks import what they
          // share from this one, as they did from those.
          groups: [{ name: 'index', test: /\/web\/src\/main\.tsx$/ }],
        },
      },
    },
  },
  ssr: {
    // The renderer is one self-contained file (dist/web-ssr/entry-server.js): no CommonJS/ESM
    // interop surprises from UI packages, and exactly the React the pages were built with.
    noExternal: true,
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    // The embeddable players (/embed/..., decision 042) are the API server's pages, not the app's.
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/embed/': `http://127.0.0.1:${apiPort}` },
  },
});
