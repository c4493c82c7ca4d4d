import fp from 'fastify-plugin';
import { SITE_PATH } from '#common/i18n/switch';

/**
 * The one rule for trailing slashes (issue 33): a GET or HEAD of /track/{id}/, /album/{id}/,
 * /{slug}/, /embed/track/{id}/ or any other address outside the API that ends in "/" answers 301
 * to the same address without it, query kept. The router would match them anyway (wouter ignores
 * the slash), but as a second address: without the server's rendering and share card, and the
 * embeds' 404 drawn with status 200. One address per page is also what search engines count.
 *
 * Never an open redirect: "//evil.example/" without its slash is "//evil.example", a link to
 * another site; an address that would become one (or "/\\evil.example") is left as it is and
 * answered as before (404). The API keeps its own answers (a client would not follow a 301 with
 * the same method and body).
 */
export function withoutTrailingSlash(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (pathname.length < 2 || !pathname.endsWith('/')) return undefined;
  if (pathname === '/api' || pathname.startsWith('/api/')) return undefined;
  const trimmed = pathname.replace(/\/+$/, '');
  if (!SITE_PATH.test(trimmed)) return undefined;
  return trimmed + (queryAt === -1 ? '' : url.slice(queryAt));
}

export const trailingSlashPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const location = withoutTrailingSlash(request.url);
      if (location === undefined) return;
      // A page's address moved for good; kept for a day so a renamed rule can still change it.
      return reply.header('Cache-Control', 'public, max-age=86400').redirect(location, 301);
    });
  },
  { name: 'trailing-slash' },
);
