import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '#common/ids';
import { downloadFormatQuerySchema, type DownloadFormat } from '#common/schemas/playback';
import { AppError } from '../../lib/errors';
import { checkedId } from '../../lib/known-id';
import { sendStoredFile } from '../storage';
import { attachmentDisposition } from './download-names';
import { BUYER_COOKIE, LIBRARY_COOKIE } from '../../lib/purchase-grants';
import type { Bought, DownloadsService, TrackDownload, ViewerId } from './downloads.service';

/**
 * Per client address (docs/decisions/027). A track's limit leaves room for a download manager
 * resuming with range requests on a patchy connection, and for many fans behind one carrier NAT;
 * a ZIP is up to a few hundred megabytes, hence the lower one. Together they bound how fast one
 * address can inflate the counts (every download start counts) or hog the uplink.
 */
export const DOWNLOAD_RATE_LIMITS = {
  track: { max: 60, timeWindow: '1 minute' },
  album: { max: 20, timeWindow: '1 minute' },
} as const;

/** A download may be resumed (ETag, If-Range) but must reach the server each time: it is counted, and may stop being free. */
const DOWNLOAD_CACHE_CONTROL = 'private, no-cache';

/** The proof of purchase a request carries: the buying browser's cookie, a fan's library cookie, or an e-mailed link's token. */
const boughtBy =
  (app: FastifyInstance, request: FastifyRequest): Bought =>
  (item) => {
    const token = (request.query as { token?: unknown } | undefined)?.token;
    return app.purchaseGrants.allows(item, {
      buyerKey: request.cookies[BUYER_COOKIE],
      libraryKey: request.cookies[LIBRARY_COOKIE],
      token: typeof token === 'string' && token.length <= 200 ? token : undefined,
    });
  };

const viewerOf =
  (request: FastifyRequest): ViewerId =>
  async () =>
    (await request.currentUser())?.id;

/** `?format=original|mp3|flac` (default original); anything else, a path included, is a 400 naming the choices. */
function formatOf(request: FastifyRequest): DownloadFormat {
  const parsed = downloadFormatQuerySchema.safeParse(request.query ?? {});
  if (!parsed.success) throw new AppError('download.format-unknown');
  return parsed.data.format;
}

/**
 * Whether an answer sent the file from its first byte: a whole file (200), or a range starting at
 * 0 (206 "bytes 0-…"). A resumed download (a later range), a 304, 412 or 416 is no new download.
 */
function startedAtZero(reply: FastifyReply): boolean {
  if (reply.statusCode === 200) return true;
  return reply.statusCode === 206 && String(reply.getHeader('content-range') ?? '').startsWith('bytes 0-');
}

/**
 * GET /api/tracks/{id}/download: a free track's original as an attachment, with ranges (a
 * download resumed over a patchy connection). GET /api/albums/{id}/download: a free album's
 * originals and cover in a ZIP (store mode, streamed, exact Content-Length). A priced one: 402
 * JSON `{ message, price }`, no audio, unless the request proves the purchase (the buyer cookie,
 * or `?token=` from the receipt e-mail). The spec's optional `email` query grants nothing: an
 * address typed into a URL is no proof.
 */
export async function downloadRoutes(app: FastifyInstance, downloads: DownloadsService) {
  /** The track each request is downloading, for the onSend hook that counts it. */
  const trackDownloads = new WeakMap<FastifyRequest, TrackDownload>();
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The ids are checked in the handlers, after the format: a bad format has always been a 400
  // before a malformed id's 404, and a guard before the handler would turn that round (decision 076).
  // (idParams' 100 characters never refuse: the router answers 404 to a longer path segment.)
  routes.get(
    '/api/tracks/:id/download',
    {
      schema: { params: idParams },
      config: { rateLimit: DOWNLOAD_RATE_LIMITS.track },
      // Counted once per download, not once per range request: only an answer from byte 0 counts.
      // Counted here, once sendStoredFile has chosen the answer and before its first byte leaves,
      // so a client that has the file sees the count.
      onSend: async (request, reply, payload) => {
        const download = trackDownloads.get(request);
        if (download && request.method === 'GET' && startedAtZero(reply)) {
          try {
            await downloads.count({ ownerId: download.ownerId, trackIds: [download.trackId], albumId: null }, viewerOf(request));
          } catch (error) {
            // A failed count must not cost the fan a free download.
            request.log.error({ err: error, trackId: download.trackId }, 'could not count a download');
          }
        }
        return payload;
      },
    },
    async (request, reply) => {
      const format = formatOf(request);
      const download = await downloads.track(checkedId(request.params.id, 'track.not-found'), viewerOf(request), boughtBy(app, request), format);
      trackDownloads.set(request, download);
      return sendStoredFile({ storage: app.storage }, request, reply, { ...download.file, cacheControl: DOWNLOAD_CACHE_CONTROL });
    },
  );

  routes.get(
    '/api/albums/:id/download',
    { schema: { params: idParams }, config: { rateLimit: DOWNLOAD_RATE_LIMITS.album } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const format = formatOf(request);
      const download = await downloads.album(checkedId(request.params.id, 'album.not-found'), viewer, boughtBy(app, request), format);
      reply.headers({
        'content-type': 'application/zip',
        'content-disposition': attachmentDisposition(download.fileName),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        // Each ZIP is made as it is sent: no ranges, nothing to resume from.
        'accept-ranges': 'none',
      });
      if (request.method === 'HEAD') {
        // Nothing is read from storage, nothing counted; the length is known only by making the ZIP.
        reply.hijack();
        reply.raw.writeHead(200, reply.getHeaders() as Record<string, string>);
        reply.raw.end();
        return reply;
      }
      try {
        await downloads.count({ ownerId: download.ownerId, trackIds: download.trackIds, albumId: download.albumId }, viewer);
      } catch (error) {
        request.log.error({ err: error, albumId: download.albumId }, 'could not count an album download');
      }
      const zip = downloads.zip(download);
      // The client went away (or the answer is complete): stop reading storage, release the stream.
      reply.raw.once('close', zip.destroy);
      reply.header('content-length', String(zip.size));
      return reply.send(zip.stream);
    },
  );
}
