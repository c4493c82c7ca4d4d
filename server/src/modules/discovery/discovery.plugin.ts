import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The landing page asks for 12, 10 and 12 (spec section 9); nobody needs more than this. */
const MAX_LIMIT = 50;

const listQuery = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`)
    .optional(),
});

/**
 * GET /api/featured-tracks, /api/featured-artists and /api/editors-picks: the landing page's
 * carousels. Until public track and profile pages exist, nothing may be featured (a fan would
 * follow it to a not-found card), so each list is empty and the carousels show their empty-state
 * texts (docs/decisions/020). The ranking rules of DESIGN.md arrive with the discovery issue.
 */
const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const path of ['/api/featured-tracks', '/api/featured-artists', '/api/editors-picks']) {
    app.get(path, { schema: { querystring: listQuery, response: { 200: z.array(z.never()) } } }, async () => []);
  }
};

export const discoveryPlugin = fp(async (app) => app.register(discoveryRoutes), { name: 'discovery' });
