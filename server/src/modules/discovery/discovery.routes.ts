import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISCOVERY_DEFAULT_LIMITS, featuredArtistSchema, featuredTrackEntrySchema, newReleaseSchema } from '#common/schemas/public';
import type { DiscoveryService } from './discovery.service';
import { ANY_ARTIST_TAG, sendPublicAnswer } from '../../lib/public-answers';
import { RANKING_SIZE } from './discovery.rules';

/** The landing page asks for 12, 10 and 12 (spec section 9); the rankings keep 50. */
const MAX_LIMIT = RANKING_SIZE;

const listQuery = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`)
    .optional(),
});

/**
 * The carousels' data is fresh for 5 minutes in the browser (spec section 9) and the rankings
 * change every 5 minutes: a shared cache may keep an answer for a minute.
 */
const CACHE_CONTROL = 'public, max-age=60';

/**
 * How long a process may answer a list from memory. Events keep the answers exact on every process
 * (docs/decisions/053): a track, album, account or payout method changed, a play or download
 * counted (trending), the rankings or picks replaced, each drops them at once wherever it happened.
 * The lifetime only bounds what a process that died between a commit and its notification could
 * leave behind; shared caches may keep an answer as long (CACHE_CONTROL).
 */
const ANSWER_TTL_MS = 60_000;

/** What new rankings drop (discovery.plugin.ts wires discovery.changed to it). */
export const DISCOVERY_TAG = 'discovery';

type ListName = 'featured-tracks' | 'featured-artists' | 'editors-picks' | 'new-releases';

/**
 * GET /api/featured-tracks, /api/featured-artists, /api/editors-picks and /api/new-releases: the
 * landing page's carousels (docs/decisions/028, 039). Serialised answers with their ETags, by list
 * and limit, in the process's public answers (decision 052), dropped on every process by the events
 * (decision 053): a deleted track, a renamed artist, a payout method added or removed
 * (`purchasable`, issue 16) drop every list (tag ANY_ARTIST_TAG, lib/public-answers.ts), a counted
 * play lets them live 2 s more; new rankings drop DISCOVERY_TAG.
 */
export async function discoveryRoutes(app: FastifyInstance, service: DiscoveryService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const lists: Record<ListName, { schema: z.ZodType; defaultLimit: number; load(limit: number): Promise<unknown> }> = {
    'featured-tracks': { schema: z.array(featuredTrackEntrySchema), defaultLimit: DISCOVERY_DEFAULT_LIMITS.featuredTracks, load: (limit) => service.featuredTracks(limit) },
    'featured-artists': { schema: z.array(featuredArtistSchema), defaultLimit: DISCOVERY_DEFAULT_LIMITS.featuredArtists, load: (limit) => service.featuredArtists(limit) },
    'editors-picks': { schema: z.array(featuredTrackEntrySchema), defaultLimit: DISCOVERY_DEFAULT_LIMITS.editorsPicks, load: (limit) => service.editorsPicks(limit) },
    'new-releases': { schema: z.array(newReleaseSchema), defaultLimit: DISCOVERY_DEFAULT_LIMITS.newReleases, load: (limit) => service.newReleases(limit) },
  };
  for (const [name, list] of Object.entries(lists)) {
    routes.get(`/api/${name}`, { schema: { querystring: listQuery } }, async (request, reply) => {
      const limit = request.query.limit ?? list.defaultLimit;
      // Parsed by the response schema once per answer: only the public fields are kept.
      const answer = await app.publicAnswers.get(`/api/${name}?limit=${limit}`, async () => ({
        body: JSON.stringify(list.schema.parse(await list.load(limit))),
        tags: [ANY_ARTIST_TAG, DISCOVERY_TAG],
        ttlMs: ANSWER_TTL_MS,
        cacheControl: CACHE_CONTROL,
      }));
      return sendPublicAnswer(request, reply, answer);
    });
  }
}
