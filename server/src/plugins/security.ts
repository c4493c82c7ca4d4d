import Fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { EMBED_CONTENT_SECURITY } from '../modules/public-pages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origins allowed to change state: the public URL and the host the request was addressed to. */
function isSameOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Fastify's own headers, which the probe's answer carries besides helmet's. */
const NOT_SECURITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The headers @fastify/helmet sends with these options, asked of it once on a throwaway instance.
 * The plugin itself builds a new helmet middleware, CSP parsing included, on every request: about a
 * tenth of the CPU of a small JSON answer. Helmet stays the one source of the values.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_SECURITY_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return Object.freeze(headers);
}

/**
 * Headers and cross-origin rules. The session cookie is SameSite=Lax, and on top of that any
 * state-changing request must come from our own pages: browsers say where a request comes from in
 * Sec-Fetch-Site and Origin, and only JSON and multipart bodies are parsed at all (no text/plain
 * or form posts, which another site could send without a preflight).
 * Pages get helmet's full set with the CSP the web app runs under; API answers (JSON, images) are
 * never pages, and get the short set OWASP gives for REST answers: ~500 bytes less on every call
 * a fan's phone makes (docs/decisions/023). A route may leave out the headers altogether with
 * `config: { securityHeaders: false }`.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const publicOrigin = new URL(config.publicUrl).origin;
    // The checkout (issue 10): Paystack's popup is its iframe and scripts on its hosts (per its
    // inline library; check in test mode); the simulated provider's checkout is a page of ours.
    const paystack = config.paystack.secretKey
      ? { script: ['https://js.paystack.co', 'https://checkout.paystack.com'], frame: ['https://checkout.paystack.com'], connect: ['https://api.paystack.co'] }
      : { script: [], frame: [], connect: [] };
    const pageHeaders = await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...paystack.script],
          // Radix primitives and react-remove-scroll inject small <style> blocks.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...paystack.connect],
          frameSrc: ["'self'", ...paystack.frame],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(config.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const apiHeaders = await helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      originAgentCluster: false,
      referrerPolicy: { policy: 'no-referrer' },
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });

    // The embeddable players (/embed/..., issue 17, decision 042) are the only pages another site
    // may frame: no X-Frame-Options and frame-ancestors *, and otherwise stricter than a page (their
    // one inline script and style by hash, nothing from elsewhere, no forms).
    const embedHeaders = await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          baseUri: ["'none'"],
          scriptSrc: EMBED_CONTENT_SECURITY.scriptSrc,
          styleSrc: EMBED_CONTENT_SECURITY.styleSrc,
          imgSrc: ["'self'"],
          mediaSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'none'"],
          frameAncestors: ['*'],
          ...(config.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: false,
    });

    app.removeContentTypeParser('text/plain');

    // One synchronous hook for every request: no promise per request.
    app.addHook('onRequest', (request, reply, done) => {
      const headers = request.routeOptions.config.securityHeaders;
      if (headers === 'embed') reply.headers(embedHeaders);
      else if (headers !== false) reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSiteAllowed === true) return done();
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return done(new AppError('request.cross-site'));
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !isSameOrigin(request, origin, publicOrigin)) {
        return done(new AppError('request.cross-site'));
      }
      done();
    });
  },
  { name: 'security' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: no page headers (CSP, frame and referrer rules) on this route's answers; 'embed': the
     * embeddable players' set, which any site may frame.
     */
    securityHeaders?: boolean | 'embed';
    /**
     * true: a state-changing call other sites may make. Only the one-click unsubscribe of follow
     * mails (issue 17, RFC 8058), which a mail client POSTs from its own servers.
     */
    crossSiteAllowed?: boolean;
  }
}
