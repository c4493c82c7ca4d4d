import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origins allowed to change state: the public URL and the host the request was addressed to. */
function isSameOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/**
 * Headers and cross-origin rules. The session cookie is SameSite=Lax, and on top of that any
 * state-changing request must come from our own pages: browsers say where a request comes from in
 * Sec-Fetch-Site and Origin, and only JSON and multipart bodies are parsed at all (no text/plain
 * or form posts, which another site could send without a preflight).
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const publicOrigin = new URL(config.publicUrl).origin;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix primitives and react-remove-scroll inject small <style> blocks.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'none'"],
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

    app.removeContentTypeParser('text/plain');

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw forbidden('Cross-site requests are not allowed.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !isSameOrigin(request, origin, publicOrigin)) {
        throw forbidden('Cross-site requests are not allowed.');
      }
    });
  },
  { name: 'security' },
);
