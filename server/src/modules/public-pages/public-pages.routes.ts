import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumDetailSchema, profileResponseSchema, trackDetailSchema } from '#common/schemas/public';
import { AppError, type ErrorCode } from '../../lib/errors';
import { checkedId, wellFormedId } from '../../lib/known-id';
import { hasSessionCookie } from '../auth';
import { artistTag, sendPublicAnswer, SHARED_FOR_SECONDS, SHARED_REVALIDATE_EACH_TIME } from '../../lib/public-answers';
import type { PublicPagesService } from './public-pages.service';
import type { RenderedCard } from './share-card';
import { LANGUAGE_VARY, requestLanguage } from '../../plugins/language';

/** Crawlers read these rarely; a new page reaches the sitemap within the hour. */
const CRAWLER_CACHE_CONTROL = 'public, max-age=3600';
const SHARE_CARD_CACHE_CONTROL = 'public, max-age=3600';
const CARD_KINDS = ['track', 'album', 'profile'] as const;
/** What a card of an id that cannot name its item answers: the unknown item's 404 (decision 079). */
const CARD_NOT_FOUND: Record<(typeof CARD_KINDS)[number], ErrorCode> = { track: 'track.not-found', album: 'album.not-found', profile: 'profile.not-found' };

/** The id-or-slug rule of a profile's address (decision 079): a UUID may name an artist by id; any text may be a slug. */
const artistIdentifier = (text: string) => ({ text, id: wellFormedId(text) ? text.toLowerCase() : undefined });

/**
 * GET /api/profile/{identifier}, /api/track-detail/{trackId}, /api/album-detail/{albumId} (spec
 * section 7), /api/cards/{kind}/{id}.png (share cards), /sitemap.xml, /robots.txt. Public: no session needed. The answers go through the
 * public schemas (common/schemas/public.ts), which drop any field they do not name: nothing
 * private can be sent even by mistake.
 */
export async function publicPagesRoutes(app: FastifyInstance, pages: PublicPagesService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Kept serialised per process and dropped by the events that change them (decision 052); every
  // answer carries its ETag, and a matching If-None-Match gets a 304 (a profile's view still counts).
  const answers = app.publicAnswers;
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;
  // A HEAD (a link checker, a preview bot asking whether the page exists) is nobody viewing it.
  const countView = (artistId: string) => (request: FastifyRequest) => {
    if (request.method === 'GET') {
      pages.countViewLater(artistId, { userId: async () => (await request.currentUser())?.id, address: request.ip, signedIn: hasSessionCookie(request) });
    }
  };

  routes.get(
    '/api/profile/:identifier',
    { schema: { params: z.object({ identifier: z.string() }), response: { 200: profileResponseSchema } } },
    async (request, reply) => {
      // The builder is kept for the answer's refresh: it holds the address's parameter, not the request.
      const { identifier } = request.params;
      const answer = await answers.get(pathOf(request), async () => {
        const profile = profileResponseSchema.parse(await pages.profile(artistIdentifier(identifier)));
        return { body: JSON.stringify(profile), tags: [artistTag(profile.user.id)], cacheControl: SHARED_REVALIDATE_EACH_TIME, onRead: countView(profile.user.id) };
      });
      return sendPublicAnswer(request, reply, answer);
    },
  );

  // A track's and an album's page, alike: shared for SHARED_FOR_SECONDS, dropped with their artist's tag.
  const detailRoute = (url: string, schema: typeof trackDetailSchema | typeof albumDetailSchema, read: (id: string) => Promise<unknown>) =>
    routes.get(url, { schema: { params: z.object({ id: z.string() }), response: { 200: schema } } }, async (request, reply) => {
      const { id } = request.params;
      const answer = await answers.get(pathOf(request), async () => {
        const detail = schema.parse(await read(id));
        return { body: JSON.stringify(detail), tags: [artistTag(detail.user.id)], cacheControl: SHARED_FOR_SECONDS };
      });
      return sendPublicAnswer(request, reply, answer);
    });
  // The id is checked where the service was asked: a malformed id's 404 is kept or not as an unknown id's is.
  detailRoute('/api/track-detail/:id', trackDetailSchema, (trackId) => pages.trackDetail(checkedId(trackId, 'track.not-found')));
  detailRoute('/api/album-detail/:id', albumDetailSchema, (albumId) => pages.albumDetail(checkedId(albumId, 'album.not-found')));

  // The generated share cards (issue 17). Cached for an hour by anyone (a card names only what the
  // public page shows); the ETag is the drawing's hash, so a renamed item revalidates to its new card.
  // Its words are in the request's language (decision 049): a Kiswahili page links its card with
  // ?lang=sw (a link preview sends no cookie), and a shared cache varies on what else chooses it.
  const sendCard = (request: FastifyRequest, reply: FastifyReply, card: RenderedCard) => {
    reply.header('ETag', card.etag).header('Cache-Control', SHARE_CARD_CACHE_CONTROL).header('Vary', LANGUAGE_VARY).header('X-Content-Type-Options', 'nosniff');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === card.etag)) return reply.code(304).send();
    return reply.type('image/png').send(card.body);
  };
  app.get('/api/cards/site.png', async (request, reply) => sendCard(request, reply, await pages.shareCard('site', '', requestLanguage(request))));
  routes.get(
    '/api/cards/:kind/:file',
    // Drawing an uncached card costs ~0.2 s of a CPU (off the event loop, in sharp's threads).
    { schema: { params: z.object({ kind: z.string(), file: z.string() }) }, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const kind = CARD_KINDS.find((candidate) => candidate === request.params.kind);
      const id = /^(.{1,200})\.png$/.exec(request.params.file)?.[1];
      if (!kind || !id) throw new AppError('not-found');
      return sendCard(request, reply, await pages.shareCard(kind, checkedId(id, CARD_NOT_FOUND[kind]), requestLanguage(request)));
    },
  );

  // Up to 50,000 rows: bounded per address, like every call that costs more than an indexed read.
  app.get('/sitemap.xml', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (_request, reply) => {
    const xml = await pages.sitemap();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', CRAWLER_CACHE_CONTROL).send(xml);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CRAWLER_CACHE_CONTROL).send(pages.robots()),
  );
}
