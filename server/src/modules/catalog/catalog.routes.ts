import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumSchema, purchaseItemSchema, storageUseSchema, trackSchema, type Album, type Track } from '#common/schemas/catalog/responses';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { idParams } from '#common/ids';
import { requireUser, signedInUser } from '../auth';
import { knownId } from '../../lib/known-id';
import type { AlbumsService } from './albums.service';
import type { TracksService } from './tracks.service';
import { readCatalogForm, type UploadForm } from './upload-routes-support';
import { namedUpload, runUpload, type ReceivedUpload } from '../uploads';

const ownTrack = [requireUser, knownId('track.not-found')];
const ownAlbum = [requireUser, knownId('album.not-found')];

/** POST /api/tracks may name a finished resumable upload (tus, /api/uploads) instead of sending the audio part. */
const FINISHED_AUDIO = { idField: 'audioUploadId', fileField: 'audio', duplicateMessage: CATALOG_MESSAGES.oneAudioFile };
const messageSchema = z.object({ message: z.string() });

/**
 * GET /api/tracks, GET /api/albums, GET /api/storage, GET /api/purchases/track/{id}: the artist's reads, kept out of
 * the multipart scope (its hooks run on every request there). The track list is the dashboard's
 * busiest call: it answers JSON prepared by the service (see TracksService.listJson).
 */
export async function catalogReadRoutes(app: FastifyInstance, services: { tracks: TracksService; albums: AlbumsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tracks, albums } = services;

  routes.get('/api/tracks', { preHandler: requireUser }, async (request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await tracks.listJson((await signedInUser(request)).id));
  });

  routes.get(
    '/api/purchases/track/:id',
    { preHandler: ownTrack, schema: { params: idParams, response: { 200: z.array(purchaseItemSchema) } } },
    async (request) => tracks.purchases((await signedInUser(request)).id, request.params.id),
  );

  routes.get('/api/storage', { preHandler: requireUser, schema: { response: { 200: storageUseSchema } } }, async (request) => {
    return tracks.storage((await signedInUser(request)).id);
  });

  routes.get('/api/albums', { preHandler: requireUser, schema: { response: { 200: z.array(albumSchema) } } }, async (request) => {
    return albums.list((await signedInUser(request)).id);
  });
}

/** POST /api/tracks, PATCH/DELETE /api/tracks/{id}, and the album equivalents (multipart forms). */
export async function catalogRoutes(app: FastifyInstance, services: { tracks: TracksService; albums: AlbumsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tracks, albums } = services;

  /** Runs a change with an uploaded form; scratch files are gone when it returns or throws. */
  const withForm = async <T>(
    request: Parameters<typeof readCatalogForm>[1],
    reply: Parameters<typeof readCatalogForm>[2],
    form: UploadForm,
    allowJson: boolean,
    change: (userId: string, upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> => {
    const user = await signedInUser(request);
    return runUpload(app, request, reply, user.id, async () => {
      const upload = await readCatalogForm(app, request, reply, user.id, form, { allowJson });
      try {
        return await change(user.id, upload);
      } finally {
        await upload.discard();
      }
    });
  };

  routes.post('/api/tracks', { preHandler: requireUser, schema: { response: { 201: trackSchema } } }, async (request, reply) => {
    // The audio comes as the `audio` part, or was sent before as a resumable upload named by `audioUploadId`.
    const track = await withForm(request, reply, 'track', false, (userId, upload) =>
      app.resumableUploads.withFinishedUpload(userId, namedUpload(upload, FINISHED_AUDIO), FINISHED_AUDIO.fileField, (withAudio) => tracks.create(userId, withAudio)),
    );
    return reply.code(201).send(track);
  });

  routes.post('/api/albums', { preHandler: requireUser, schema: { response: { 201: albumSchema } } }, async (request, reply) => {
    const album = await withForm(request, reply, 'album', false, (userId, upload) => albums.create(userId, upload));
    return reply.code(201).send(album);
  });

  /**
   * PATCH and DELETE /api/tracks/{id} and /api/albums/{id}: the same steps for a track and an album.
   * A change is refused before a byte of the body is read: another artist's item is simply not there.
   */
  const ownItemRoutes = (kind: 'track' | 'album', service: TracksService | AlbumsService, itemSchema: typeof trackSchema | typeof albumSchema, deleted: string) => {
    const preHandler = kind === 'track' ? ownTrack : ownAlbum;
    routes.patch(`/api/${kind}s/:id`, { preHandler, schema: { params: idParams, response: { 200: itemSchema } } }, async (request, reply) => {
      await service.assertOwn((await signedInUser(request)).id, request.params.id);
      return withForm<Track | Album>(request, reply, kind, true, (userId, upload) => service.update(userId, request.params.id, upload));
    });
    routes.delete(`/api/${kind}s/:id`, { preHandler, schema: { params: idParams, response: { 200: messageSchema } } }, async (request) => {
      await service.delete((await signedInUser(request)).id, request.params.id);
      return { message: deleted };
    });
  };
  ownItemRoutes('track', tracks, trackSchema, 'Track deleted');
  ownItemRoutes('album', albums, albumSchema, 'Album deleted');
}
