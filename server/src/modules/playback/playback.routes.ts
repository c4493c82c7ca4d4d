import { BUYER_COOKIE, LIBRARY_COOKIE } from '../../lib/purchase-grants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_SIZES } from '#common/schemas/catalog/rules';
import { streamCountSchema, streamEventSchema } from '#common/schemas/playback';
import { idParams } from '#common/ids';
import { AppError } from '../../lib/errors';
import { checkedId, knownId } from '../../lib/known-id';
import { HotObjects } from '../storage';
import { sendStoredFile } from '../storage';
import { DEFAULT_COVER_SIZE, isCoverSize, type CoversService } from './covers.service';
import type { StreamsService } from './streams.service';

/** A track's routes answer its 404 for a malformed id before the service (decision 061). */
const knownTrack = knownId('track.not-found');

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A versioned cover never changes, so a browser keeps it a year; a shared cache (a CDN) keeps it
 * an hour at most and then asks again (a 304 while the item is up): a taken-down cover is gone
 * from every shared cache within the hour without a purge (decision 066).
 */
const VERSIONED_COVER_CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, s-maxage=3600, immutable`;
/** A taken-down item's cover, shown to its owner or a buyer: no shared cache keeps it. */
const RESTRICTED_COVER_CACHE_CONTROL = 'private, no-cache';

/**
 * Range requests are revalidated (ETag) rather than cached blind: the same URL moves from the
 * original to the rendition when the job has run, and a preview-only track answers its owner
 * differently from everyone else.
 */
const STREAM_CACHE_CONTROL = 'private, no-cache';

/**
 * GET /api/tracks/{id}/stream (audio, ranges), POST /api/tracks/{id}/stream (a play),
 * GET /api/tracks/{id}/streams (the count), GET /api/tracks|albums/{id}/cover (thumbnails).
 * Public: fans stream without an account.
 */
export async function playbackRoutes(app: FastifyInstance, services: { streams: StreamsService; covers: CoversService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { streams, covers } = services;
  const audio = { storage: app.storage, hot: new HotObjects(app.storage) };

  // The hot path of the product (every range request of every player): no schema compilation
  // or validation, one cached lookup, one read, no access-log lines (docs/decisions/018).
  // Page headers (CSP and the like) mean nothing for audio: this route sets the two that matter itself.
  app.get<{ Params: { id: string }; Querystring: { quality?: string } }>(
    '/api/tracks/:id/stream',
    { preHandler: knownTrack, config: { securityHeaders: false, accessLog: false } },
    async (request, reply) => {
      const file = await streams.streamFile(
        request.params.id,
        request.query.quality === 'low' ? 'low' : 'standard',
        // Asked only for a preview-only or taken-down track: the owner and its buyers hear it all.
        async () => (await request.currentUser())?.id,
        (item) => app.purchaseGrants.allows(item, { buyerKey: request.cookies[BUYER_COOKIE], libraryKey: request.cookies[LIBRARY_COOKIE] }),
      );
      reply.header('cross-origin-resource-policy', 'same-origin');
      return sendStoredFile(audio, request, reply, { ...file, cacheControl: STREAM_CACHE_CONTROL });
    },
  );

  routes.post(
    '/api/tracks/:id/stream',
    {
      preHandler: knownTrack,
      schema: { params: idParams, body: streamEventSchema, response: { 200: streamCountSchema.extend({ counted: z.boolean() }) } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = await request.currentUser();
      return streams.recordPlay(request.params.id, { userId: user?.id, address: request.ip }, request.body);
    },
  );

  routes.get('/api/tracks/:id/streams', { preHandler: knownTrack, schema: { params: idParams, response: { 200: streamCountSchema } } }, async (request) => ({
    streamCount: await streams.streamCount(request.params.id),
  }));

  const coverQuery = z.object({ size: z.string().optional(), format: z.string().optional(), v: z.string().max(200).optional() });
  for (const owner of ['track', 'album'] as const) {
    routes.get(`/api/${owner}s/:id/cover`, { schema: { params: idParams, querystring: coverQuery } }, async (request, reply) => {
      const size = request.query.size === undefined ? DEFAULT_COVER_SIZE : Number(request.query.size);
      if (!isCoverSize(size)) throw new AppError('request.invalid', `size must be one of ${COVER_SIZES.join(', ')}`);
      const explicit = request.query.format?.toLowerCase();
      if (explicit !== undefined && !['webp', 'jpeg', 'jpg'].includes(explicit)) throw new AppError('request.invalid', 'format must be webp or jpeg');
      const format = explicit ? (explicit === 'webp' ? 'webp' : 'jpg') : (request.headers.accept ?? '').includes('image/webp') ? 'webp' : 'jpg';
      // A refusal (no cover, or taken down) is not kept anywhere: the item may come back.
      reply.header('Cache-Control', 'no-store');
      // The id is checked here, not by a guard before the handler: a bad size or format is a 400
      // before a malformed id's 404, which gets no-store like an unknown id's (decision 076).
      const id = checkedId(request.params.id, 'cover.not-found');
      const image = await covers.image(owner, id, { size, format, version: request.query.v }, {
        id: async () => (await request.currentUser())?.id,
        bought: (item) => app.purchaseGrants.allows(item, { buyerKey: request.cookies[BUYER_COOKIE], libraryKey: request.cookies[LIBRARY_COOKIE] }),
      });
      reply
        .header('ETag', image.etag)
        .header(
          'Cache-Control',
          image.restricted ? RESTRICTED_COVER_CACHE_CONTROL : image.versioned ? VERSIONED_COVER_CACHE_CONTROL : 'public, max-age=0, must-revalidate',
        )
        .header('X-Content-Type-Options', 'nosniff');
      if (!explicit) reply.header('Vary', 'Accept');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return reply.code(304).send();
      return reply.type(image.contentType).send(image.body);
    });
  }
}
