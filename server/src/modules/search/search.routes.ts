import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { genreSummarySchema, genreTracksQuerySchema, genreTracksResponseSchema, searchQuerySchema, searchResponseSchema } from '#common/schemas/search';
import type { SearchService } from './search.service';

/**
 * Public reads, no session. `no-cache` like the public pages' reads (docs/decisions/026): an
 * artist's new upload or rename shows at once.
 */
const CACHE_CONTROL = 'no-cache';

export async function searchRoutes(app: FastifyInstance, service: SearchService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', CACHE_CONTROL);
    return service.search(request.query.q, request.query.limit);
  });

  routes.get('/api/genres', { schema: { response: { 200: z.array(genreSummarySchema) } } }, async (_request, reply) => {
    reply.header('Cache-Control', CACHE_CONTROL);
    return service.genres();
  });

  routes.get(
    '/api/genres/:slug/tracks',
    { schema: { params: z.object({ slug: z.string().max(100) }), querystring: genreTracksQuerySchema, response: { 200: genreTracksResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE_CONTROL);
      return service.genreTracks(request.params.slug, request.query.limit, request.query.cursor);
    },
  );
}
