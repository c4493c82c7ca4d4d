import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { genreSummarySchema, genreTracksQuerySchema, genreTracksResponseSchema, searchQuerySchema, searchResponseSchema } from '#common/schemas/search';
import { ANY_ARTIST_TAG, sendPublicAnswer, SHARED_FOR_SECONDS } from '../../lib/public-answers';
import type { SearchService } from './search.service';

/**
 * Public reads, no session. The first page of each answer (a search, the genres, a genre's newest
 * tracks) is kept serialised like the public pages' reads (docs/decisions/052, 060): the same for
 * every visitor, dropped by any artist's change (`artist:*`), its play counts at most 2 s behind;
 * with its ETag (304), and a shared cache may keep it a few seconds. A later page (a cursor) is
 * read each time: few ask for it, and its cursor names rows, not a moment.
 */
export async function searchRoutes(app: FastifyInstance, service: SearchService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const answers = app.publicAnswers;
  const kept = (body: unknown) => ({ body: JSON.stringify(body), tags: [ANY_ARTIST_TAG], cacheControl: SHARED_FOR_SECONDS });

  routes.get('/api/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } }, async (request, reply) => {
    const { q, limit } = request.query;
    const answer = await answers.get(`/api/search?limit=${limit}&q=${encodeURIComponent(q)}`, async () =>
      kept(searchResponseSchema.parse(await service.search(q, limit))),
    );
    return sendPublicAnswer(request, reply, answer);
  });

  routes.get('/api/genres', { schema: { response: { 200: z.array(genreSummarySchema) } } }, async (request, reply) => {
    const answer = await answers.get('/api/genres', async () => kept(z.array(genreSummarySchema).parse(await service.genres())));
    return sendPublicAnswer(request, reply, answer);
  });

  routes.get(
    '/api/genres/:slug/tracks',
    { schema: { params: z.object({ slug: z.string().max(100) }), querystring: genreTracksQuerySchema, response: { 200: genreTracksResponseSchema } } },
    async (request, reply) => {
      const { slug } = request.params;
      const { limit, cursor } = request.query;
      if (cursor) {
        reply.header('Cache-Control', 'no-cache');
        return service.genreTracks(slug, limit, cursor);
      }
      const answer = await answers.get(`/api/genres/${encodeURIComponent(slug)}/tracks?limit=${limit}`, async () =>
        kept(genreTracksResponseSchema.parse(await service.genreTracks(slug, limit, undefined))),
      );
      return sendPublicAnswer(request, reply, answer);
    },
  );
}
