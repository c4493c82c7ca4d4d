import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../lib/errors';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET answered with index.html so the client router can show the page (or its 404 page).
 * Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp<{ webDir: string | undefined }>(
  async (app, { webDir }) => {
    const indexHtml = webDir && fs.existsSync(path.join(webDir, 'index.html')) ? webDir : undefined;
    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: indexHtml,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/') || !indexHtml || !['GET', 'HEAD'].includes(request.method)) {
        throw new AppError('not-found');
      }
      if (pathname.startsWith('/assets/')) throw new AppError('not-found');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
