import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPagePath } from '#common/routes';
import { AppError } from '../lib/errors';
import { KeptPages, PageNotKept, readsMadeFor, sendKeptPage } from './page-cache';
import { LANGUAGE_VARY, requestLanguage } from './language';
import { shellHead } from './shell-head';
import { loadPageRenderer, pageHtml, renderPage, shellHtml, templateForRenderedPages } from './web-render';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The buyer's purchase page (/purchase/{reference}?token=..., issue 16): its address is a key to
 * a purchase. Never indexed, never stored by a browser or a cache, its address never sent on as a
 * referrer. So are a fan's library (/library?token=...) and the follow mails' pages (/follow/..., issue 17). Every other page stays cacheable (no-cache: revalidated, shareable).
 */
const isPrivatePage = (url: string) => url.startsWith('/purchase/') || url === '/library' || url.startsWith('/library?') || url.startsWith('/follow/');

function pageCacheControl(request: FastifyRequest, reply: FastifyReply): string {
  if (!isPrivatePage(request.url)) return 'no-cache';
  reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
  return 'no-store';
}

/**
 * A rendered page is small (tens of KB): compressing it costs well under a millisecond. It is
 * written in the request's language (requestLanguage, decision 049): caches must tell them apart.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status: number) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', pageCacheControl(request, reply))
    .header('Vary', `Accept-Encoding, ${LANGUAGE_VARY}`);
  if (/\bbr\b/.test(accepts)) {
    return reply.header('Content-Encoding', 'br').send(await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await gzip(html, { level: 6 }));
  return reply.send(html);
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET answered with a page. Public pages (landing, profiles, tracks, albums, marketing) are
 * rendered on the server when the renderer was built (web-render.ts), so they paint before any
 * JavaScript runs; every other page gets index.html and the client router shows it. An address
 * that is no page answers 404 with the 404 page. Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp<{ webDir: string | undefined; publicUrl: string }>(
  async (app, { webDir, publicUrl }) => {
    const indexHtml = webDir && fs.existsSync(path.join(webDir, 'index.html')) ? webDir : undefined;
    const template = indexHtml ? fs.readFileSync(path.join(indexHtml, 'index.html'), 'utf8') : '';
    const renderer = indexHtml ? await loadPageRenderer(indexHtml) : undefined;
    const renderedTemplate = indexHtml ? templateForRenderedPages(template, indexHtml) : '';
    const kept = new KeptPages(app.publicAnswers);
    // Events of other processes may have been missed (decision 053): a page made of no answers goes too.
    app.events.on('events.resync', () => kept.clear());

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      // An address none of the web app's routes matches is the 404 page with status 404 (issue 17),
      // for crawlers and link previews; the route list is the web router's own (common/src/routes.ts).
      const status = isKnownPagePath(request.url.split('?')[0] ?? '') ? 200 : 404;
      if (renderer && request.method === 'GET') {
        try {
          // A public page anyone may be sent is kept, rendered once for its answers (decision 052).
          if (status === 200 && !isPrivatePage(request.url)) {
            try {
              if (await sendKeptPage(app, renderer, request, reply, { template: renderedTemplate, publicUrl, kept })) return reply;
            } catch (error) {
              if (!(error instanceof PageNotKept)) throw error;
            }
          }
          const result = await renderPage(app, renderer, request, readsMadeFor(request));
          if (result.kind === 'page') return sendHtml(request, reply, pageHtml(renderedTemplate, result, publicUrl), status);
          // The client shows the not-found card; crawlers and link previews see the status.
          if (result.kind === 'not-found') reply.code(404);
        } catch (error) {
          // The page still works, painted by the browser.
          request.log.error({ err: error }, 'server-side rendering failed');
        }
      }
      const shellStatus = status === 404 || reply.statusCode === 404 ? 404 : 200;
      return sendHtml(request, reply, shellHtml(template, shellHead(request.url, requestLanguage(request), shellStatus)), shellStatus);
    };

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
      app.get('/', sendPage);
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/') || !indexHtml || !['GET', 'HEAD'].includes(request.method)) {
        throw new AppError('not-found');
      }
      if (pathname.startsWith('/assets/')) throw new AppError('not-found');
      return sendPage(request, reply);
    });
  },
  { name: 'web' },
);
