import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchJson, PageRenderer } from '#common/ssr';
import { matchesEtag, SHARED_FOR_SECONDS, SHARED_REVALIDATE_EACH_TIME, type PublicAnswer } from '../lib/public-answers';
import { LANGUAGE_VARY, requestLanguage } from './language';
import { pageHtml } from './web-render';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * What a kept page is keyed by besides the answers it is made of: its address and the language it
 * is written in (from `?lang`, the cookie or Accept-Language: decision 049), which the Vary header
 * names too.
 */
export function pageCacheKey(request: FastifyRequest): string {
  return `${request.url}|${requestLanguage(request)}`;
}

/** A rendered page lives at most this long unused by a newer one (its key names its answers' ETags). */
const PAGE_TTL_MS = 60_000;

/** One API answer a page is made of. */
interface PageRead {
  url: string;
  status: number;
  body: Buffer;
  etag: string;
  cacheControl: string;
}

/**
 * An answer the page needs: kept (app.publicAnswers; what reading it does, such as counting a
 * profile view, runs for this visitor) or asked of this same server with the visitor's address and
 * cookie, as decision 029's renderer always did.
 */
async function readFor(app: FastifyInstance, request: FastifyRequest, url: string): Promise<PageRead> {
  const kept = app.publicAnswers.peek(url);
  if (kept) {
    kept.onRead?.(request);
    return { url, status: kept.status, body: kept.body, etag: kept.etag, cacheControl: kept.cacheControl };
  }
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress: request.ip,
    headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
  });
  return {
    url,
    status: response.statusCode,
    body: response.rawPayload,
    etag: String(response.headers.etag ?? ''),
    cacheControl: String(response.headers['cache-control'] ?? ''),
  };
}

const fetchJsonFrom =
  (reads: PageRead[]): FetchJson =>
  async (url) => {
    const read = reads.find((candidate) => candidate.url === url);
    if (!read) throw new Error(`the page asked for ${url}, which its queries did not name`);
    let body: unknown = null;
    try {
      body = JSON.parse(read.body.toString('utf8'));
    } catch {
      // Not JSON: the status says enough.
    }
    return { status: read.status, body };
  };

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return 'identity';
}

/**
 * A server-rendered public page, kept (docs/decisions/052): rendered once for a given set of its
 * answers' ETags and kept per encoding, so a page is never older than the answers it is made of
 * and needs no events of its own. Answers `false` when this page cannot be kept (a page the
 * browser renders, one of whose answers is not a 200 or is personal): the caller renders it as
 * before. A page one of whose answers is counted (a profile's views) says so to shared caches
 * (revalidate each time), and the counting ran above for this visitor.
 */
export async function sendKeptPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  page: { template: string; publicUrl: string },
): Promise<boolean> {
  const urls = renderer.pageQueries?.(request.url);
  if (!urls) return false;
  const reads = await Promise.all(urls.map((url) => readFor(app, request, url)));
  // Only answers every visitor gets alike may make a page anyone else is sent.
  if (reads.some((read) => read.status !== 200 || !read.etag || !read.cacheControl.startsWith('public'))) {
    (request as FastifyRequest & { pageReads?: PageRead[] }).pageReads = reads;
    return false;
  }
  const cacheControl = reads.some((read) => read.cacheControl === SHARED_REVALIDATE_EACH_TIME) ? SHARED_REVALIDATE_EACH_TIME : SHARED_FOR_SECONDS;
  const key = `page:${pageCacheKey(request)}#${reads.map((read) => read.etag).join(',')}`;
  const html = await app.publicAnswers.get(`${key}#identity`, async () => {
    const result = await renderer.render(request.url, fetchJsonFrom(reads), requestLanguage(request));
    if (result.kind !== 'page') throw new PageNotKept();
    return { body: pageHtml(page.template, result, page.publicUrl), contentType: 'text/html; charset=utf-8', tags: [], ttlMs: PAGE_TTL_MS, cacheControl };
  });
  const encoding = encodingFor(request);
  const answer: PublicAnswer =
    encoding === 'identity'
      ? html
      : await app.publicAnswers.get(`${key}#${encoding}`, async () => ({
          body: encoding === 'br' ? await brotli(html.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : await gzip(html.body, { level: 6 }),
          contentType: html.contentType,
          tags: [],
          ttlMs: PAGE_TTL_MS,
          cacheControl,
        }));
  reply.header('Content-Type', answer.contentType).header('Cache-Control', answer.cacheControl).header('Vary', `Accept-Encoding, ${LANGUAGE_VARY}`).header('ETag', answer.etag);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    reply.removeHeader('Content-Encoding');
    await reply.code(304).send();
  } else {
    await reply.code(200).send(answer.body);
  }
  return true;
}

/** The renderer did not answer a page (its data said not-found, or the page is the browser's). */
export class PageNotKept extends Error {}

/** The answers sendKeptPage read for a page it could not keep, for the renderer to use (no second read, no second view). */
export function readsMadeFor(request: FastifyRequest): FetchJson | undefined {
  const reads = (request as FastifyRequest & { pageReads?: PageRead[] }).pageReads;
  return reads && fetchJsonFrom(reads);
}
