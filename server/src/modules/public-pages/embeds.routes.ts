import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage } from '#common/i18n/language';
import { AppError } from '../../lib/errors';
import { checkedId } from '../../lib/known-id';
import { albumEmbedHtml, notFoundEmbedHtml, trackEmbedHtml } from './embed-page';
import { isAbsoluteHttpUrl, itemOfPageUrl, OEMBED_MAX_URL_LENGTH, oembedAnswer } from './oembed';
import type { PublicPagesService } from './public-pages.service';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A minute in any cache: a blog's readers ask for the same player all at once, and an edit (a new
 * price, a deleted song) still shows within the minute. The audio is asked of the stream route,
 * which decides afresh what each listener may hear.
 */
const EMBED_CACHE_CONTROL = 'public, max-age=60';

async function sendEmbed(request: FastifyRequest, reply: FastifyReply, html: string, status: number) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', EMBED_CACHE_CONTROL).header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await gzip(html, { level: 6 }));
  return reply.send(html);
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

const dimension = z
  .string()
  .regex(/^\d{1,5}$/, 'maxwidth and maxheight must be whole numbers of pixels')
  .transform(Number)
  .refine((value) => value > 0, 'maxwidth and maxheight must be whole numbers of pixels')
  .optional();

const oembedQuery = z.object({
  url: z.string({ message: 'url is required' }).min(1, 'url is required').max(OEMBED_MAX_URL_LENGTH, 'url is too long'),
  format: z.string().max(20).optional(),
  maxwidth: dimension,
  maxheight: dimension,
});

/**
 * GET /embed/track/{id} and /embed/album/{id}: the players any site may frame (their headers are
 * the security plugin's 'embed' set), and GET /api/oembed, oEmbed 1.0 for the track and album
 * pages (docs/decisions/042).
 */
export async function embedsRoutes(app: FastifyInstance, pages: PublicPagesService, publicUrl: string) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ourHosts: ReadonlySet<string> = new Set([new URL(publicUrl).host.toLowerCase()]);
  const params = z.object({ id: z.string().max(100) });
  // The player's language is its address's (?lang=sw, issue 33), not a cookie or Accept-Language:
  // a framed page gets no first-party cookie, and a shared cache keys it by the address alone.
  const embedQuery = z.object({ lang: z.string().max(10).optional() });

  for (const kind of ['track', 'album'] as const) {
    routes.get(`/embed/${kind}/:id`, { schema: { params, querystring: embedQuery }, config: { securityHeaders: 'embed' } }, async (request, reply) => {
      const pageUrl = `${publicUrl}/${kind}/${encodeURIComponent(request.params.id)}`;
      const language = isLanguage(request.query.lang) ? request.query.lang : DEFAULT_LANGUAGE;
      try {
        const html =
          kind === 'track'
            ? trackEmbedHtml(await pages.trackDetail(checkedId(request.params.id, 'track.not-found')), pageUrl, language)
            : albumEmbedHtml(await pages.albumDetail(checkedId(request.params.id, 'album.not-found')), pageUrl, language);
        return await sendEmbed(request, reply, html, 200);
      } catch (error) {
        if (!isNotFound(error)) throw error;
        return sendEmbed(request, reply, notFoundEmbedHtml(`${publicUrl}/`, language), 404);
      }
    });
  }

  routes.get('/api/oembed', { schema: { querystring: oembedQuery } }, async (request, reply) => {
    const { url, format, maxwidth, maxheight } = request.query;
    // oEmbed 1.0, section 2.3.4: a format the provider does not offer is 501 Not Implemented.
    if (format !== undefined && format !== 'json') throw new AppError('oembed.format-unsupported');
    if (!isAbsoluteHttpUrl(url)) throw new AppError('request.invalid', 'url must be the absolute address of a track or album page');
    const item = itemOfPageUrl(url, ourHosts);
    if (!item) throw new AppError('not-found');
    const options = { publicUrl, maxwidth, maxheight, language: item.language };
    const answer =
      item.kind === 'track'
        ? oembedAnswer({ kind: 'track', detail: await pages.trackDetail(checkedId(item.id, 'track.not-found')) }, options)
        : oembedAnswer({ kind: 'album', detail: await pages.albumDetail(checkedId(item.id, 'album.not-found')) }, options);
    reply.header('Cache-Control', EMBED_CACHE_CONTROL).header('Access-Control-Allow-Origin', '*');
    return answer;
  });
}
