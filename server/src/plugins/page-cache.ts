import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FetchJson, PageRenderer } from '#common/ssr';
import { matchesEtag, SHARED_FOR_SECONDS, SHARED_REVALIDATE_EACH_TIME, type PublicAnswer, type PublicAnswers } from '../lib/public-answers';
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
async function readFor(app: FastifyInstance, request: FastifyRequest, url: string, counted = true): Promise<PageRead> {
  const kept = app.publicAnswers.peek(url);
  if (kept) {
    if (counted) kept.onRead?.(request);
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
  const accepts = request.headers['accept-encoding'];
  if (!accepts) return 'identity';
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return 'identity';
}

/** One encoding of a kept page, with every header it is sent with, computed once. */
interface PageVariant {
  body: Buffer;
  headers: Record<string, string>;
  /** The headers of a 304 (no Content-Encoding: there is no body). */
  notModifiedHeaders: Record<string, string>;
  etag: string;
}

/**
 * A kept page (docs/decisions/052, 060): its bodies in every encoding, compressed once when it was
 * rendered, and the kept answers it was made of. It stands while each of those is still the very
 * entry app.publicAnswers holds (an event, a count's lag, a lifetime or a resync that replaced or
 * dropped one ends it), so a request for it runs no renderer, no query list and no compression.
 */
interface KeptPage {
  sources: { url: string; answer: PublicAnswer }[];
  variants: Record<Encoding, PageVariant>;
  expiresAt: number;
}

/** The kept pages of one app, by pageCacheKey: at most this many (a page is tens of KB in three encodings). */
export class KeptPages {
  private readonly pages = new LRUCache<string, KeptPage>({ max: 2_000 });

  constructor(private readonly answers: PublicAnswers) {}

  /** Keys whose page is being rendered again in the background. */
  readonly rendering = new Set<string>();

  /**
   * The page kept under this key: `current` if every answer it was made of is still the kept one;
   * `refreshing` if some were only rebuilt because counts moved (the same lineage, decision 060):
   * it may be sent while it is rendered again; otherwise none (an edit dropped one: render now).
   */
  lookup(key: string): { page: KeptPage; current: boolean } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const now = Date.now();
    if (page.expiresAt <= now) {
      this.pages.delete(key);
      return undefined;
    }
    let current = true;
    for (const source of page.sources) {
      const kept = this.answers.peek(source.url);
      // An answer past its refresh time (counts moved: a play may also change who is trending) is
      // rebuilt only when it is read: render the page again, which reads it.
      if (kept === source.answer && kept.refreshAt > now) continue;
      current = false;
      if (kept?.lineage !== source.answer.lineage) {
        this.pages.delete(key);
        return undefined;
      }
    }
    return { page, current };
  }

  keep(key: string, page: KeptPage): void {
    this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }
}

function variantOf(body: Buffer, etag: string, base: Record<string, string>, encoding: Encoding): PageVariant {
  const notModifiedHeaders = { ...base, ETag: etag };
  return { body, etag, notModifiedHeaders, headers: encoding === 'identity' ? notModifiedHeaders : { ...notModifiedHeaders, 'Content-Encoding': encoding } };
}

function sendVariant(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
  const variant = page.variants[encodingFor(request)];
  // What reading the page's answers does (a profile's view) runs for this visitor, 304 or not.
  for (const source of page.sources) source.answer.onRead?.(request);
  if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.headers(variant.notModifiedHeaders).code(304).send();
  return reply.headers(variant.headers).code(200).send(variant.body);
}

/**
 * A server-rendered public page, kept (docs/decisions/052): rendered once for a given set of its
 * answers' ETags and kept in every encoding, so a page is never older than the answers it is
 * made of and needs no events of its own. Answers `false` when this page cannot be kept (a page the
 * browser renders, one of whose answers is not a 200 or is personal): the caller renders it as
 * before. A page one of whose answers is counted (a profile's views) says so to shared caches
 * (revalidate each time), and the counting ran above for this visitor.
 */
export async function sendKeptPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  page: { template: string; publicUrl: string; kept: KeptPages },
): Promise<boolean> {
  const pageKey = pageCacheKey(request);
  const found = page.kept.lookup(pageKey);
  if (found) {
    if (!found.current && !page.kept.rendering.has(pageKey)) {
      // Only counts moved: this visitor gets the page as it was a moment ago, and the next its new rendering.
      page.kept.rendering.add(pageKey);
      void renderPageAgain(app, renderer, request, page, pageKey).finally(() => page.kept.rendering.delete(pageKey));
    }
    await sendVariant(request, reply, found.page);
    return true;
  }
  const built = await buildPage(app, renderer, request, page, pageKey, true);
  if (!built) return false;
  // The reads above already ran what reading them does for this visitor.
  const variant = built.variants[encodingFor(request)];
  if (matchesEtag(request.headers['if-none-match'], variant.etag)) await reply.headers(variant.notModifiedHeaders).code(304).send();
  else await reply.headers(variant.headers).code(200).send(variant.body);
  return true;
}

async function renderPageAgain(app: FastifyInstance, renderer: PageRenderer, request: FastifyRequest, page: { template: string; publicUrl: string; kept: KeptPages }, pageKey: string) {
  try {
    await buildPage(app, renderer, request, page, pageKey, false);
  } catch (error) {
    // The next request renders it (and answers the error) itself.
    if (!(error instanceof PageNotKept)) app.log.warn({ err: error, url: request.url }, 'could not render a kept page again');
  }
}

/**
 * Renders the page from its answers and keeps it (when every answer is kept). `counted`: whether
 * what reading the answers does runs for this visitor here (false when the visitor was sent the
 * previous rendering, which ran it already).
 */
async function buildPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: FastifyRequest,
  page: { template: string; publicUrl: string; kept: KeptPages },
  pageKey: string,
  counted: boolean,
): Promise<KeptPage | undefined> {
  const urls = renderer.pageQueries?.(request.url);
  if (!urls) return undefined;
  const reads = await Promise.all(urls.map((url) => readFor(app, request, url, counted)));
  // Only answers every visitor gets alike may make a page anyone else is sent.
  if (reads.some((read) => read.status !== 200 || !read.etag || !read.cacheControl.startsWith('public'))) {
    (request as FastifyRequest & { pageReads?: PageRead[] }).pageReads = reads;
    return undefined;
  }
  const cacheControl = reads.some((read) => read.cacheControl === SHARED_REVALIDATE_EACH_TIME) ? SHARED_REVALIDATE_EACH_TIME : SHARED_FOR_SECONDS;
  const key = `page:${pageKey}#${reads.map((read) => read.etag).join(',')}`;
  const url = request.url;
  const language = requestLanguage(request);
  const html = await app.publicAnswers.get(key, async () => {
    const result = await renderer.render(url, fetchJsonFrom(reads), language);
    if (result.kind !== 'page') throw new PageNotKept();
    const body = Buffer.from(pageHtml(page.template, result, page.publicUrl));
    // Compressed once here, never per request (decision 060).
    const [br, gz] = await Promise.all([brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), gzip(body, { level: 6 })]);
    return { body, variants: { br, gzip: gz }, contentType: 'text/html; charset=utf-8', tags: [], ttlMs: PAGE_TTL_MS, cacheControl };
  });
  const br = html.variants?.br;
  const gz = html.variants?.gzip;
  if (!br || !gz) throw new Error(`the kept page ${key} has lost its compressed bodies`);
  const base = { 'Content-Type': html.contentType, 'Cache-Control': html.cacheControl, Vary: `Accept-Encoding, ${LANGUAGE_VARY}` };
  const built: KeptPage = {
    sources: [],
    expiresAt: html.expiresAt,
    variants: {
      identity: variantOf(html.body, html.etag, base, 'identity'),
      br: variantOf(br.body, br.etag, base, 'br'),
      gzip: variantOf(gz.body, gz.etag, base, 'gzip'),
    },
  };
  // Kept only if every answer it was made of is kept (the same bytes): then it stands exactly as long as they do.
  let keepable = app.publicAnswers.peek(key) === html;
  for (const read of reads) {
    const answer = app.publicAnswers.peek(read.url);
    if (!answer || answer.etag !== read.etag) keepable = false;
    else built.sources.push({ url: read.url, answer });
  }
  if (keepable) page.kept.keep(pageKey, built);
  return built;
}

/** The renderer did not answer a page (its data said not-found, or the page is the browser's). */
export class PageNotKept extends Error {}

/** The answers sendKeptPage read for a page it could not keep, for the renderer to use (no second read, no second view). */
export function readsMadeFor(request: FastifyRequest): FetchJson | undefined {
  const reads = (request as FastifyRequest & { pageReads?: PageRead[] }).pageReads;
  return reads && fetchJsonFrom(reads);
}
