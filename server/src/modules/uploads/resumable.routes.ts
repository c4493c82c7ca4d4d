import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_AUDIO_FILE_BYTES, STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import { AppError } from '../../lib/errors';
import { wellFormedId } from '../../lib/known-id';
import { requireUser, signedInUser } from '../auth';
import { refuseUpload } from './upload-intake';
import { RESUMABLE_PATH, type ResumableUploads } from './resumable-uploads';

/** A connection that sends nothing for this long has gone away without saying so (as for forms). */
const IDLE_TIMEOUT_MS = 60_000;
const TUS_BODY_TYPE = 'application/offset+octet-stream';
const SLOT_WAIT_MS = 3_000;

export interface ResumableRoutesOptions {
  /** Bytes the artist stores now (the catalogue's count), for the quota check at creation. */
  storageUsed(userId: string): Promise<number>;
}

/**
 * tus 1.0 at /api/uploads (docs/decisions/033): POST creates an upload, HEAD tells its offset,
 * PATCH adds bytes, DELETE ends it. Each route checks what tus does not know (the session, the
 * upload's owner, the audio size limit, the quota, the artist's upload slots), then hands the raw
 * request to tus. No body parser runs here: tus reads the bytes as they arrive.
 */
export async function resumableRoutes(app: FastifyInstance, uploads: ResumableUploads, options: ResumableRoutesOptions) {
  // The body stays unread for tus (with the size limits of the upload, not the JSON body limit).
  app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));

  const carriesBody = (request: FastifyRequest) => request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === TUS_BODY_TYPE;

  /**
   * Hands a request over to tus. One that carries bytes holds one of the artist's upload slots
   * (counted across processes, as for forms), is cut when it goes quiet, and is tracked, so
   * shutdown cuts it like any upload (what arrived is kept: the client resumes elsewhere).
   */
  const toTus = async (request: FastifyRequest, reply: FastifyReply, userId: string, uploadId: string) => {
    if (!carriesBody(request)) return uploads.handle(request, reply, { userId, uploadId });
    // A client resuming right after its connection dropped may come back before the server has
    // finished with the old request (and freed its slot): it waits a moment rather than being refused.
    let slot = await app.uploadSlots.acquire(userId);
    for (let waited = 0; !slot && waited < SLOT_WAIT_MS; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      slot = await app.uploadSlots.acquire(userId);
    }
    if (!slot) return refuseUpload(request, reply, new AppError('upload.too-many'));
    const socket = request.raw.socket;
    const onIdle = () => socket.destroy(new Error('upload stalled'));
    socket.setTimeout(IDLE_TIMEOUT_MS, onIdle);
    try {
      await app.uploads.run(request, () => uploads.handle(request, reply, { userId, uploadId }));
    } finally {
      socket.setTimeout(0);
      socket.off('timeout', onIdle);
      await slot.release();
    }
  };

  app.post(RESUMABLE_PATH, { preHandler: requireUser }, async (request, reply) => {
    const user = await signedInUser(request);
    // Not a tus client: tus answers 412 (Tus-Resumable required) before anything is created.
    if (request.headers['tus-resumable'] === undefined) return uploads.handle(request, reply, { userId: user.id, uploadId: randomUUID() });
    const declared = request.headers['upload-length'];
    const size = typeof declared === 'string' && /^\d{1,15}$/.test(declared) ? Number(declared) : undefined;
    let refusal: AppError | undefined;
    if (size === undefined) refusal = new AppError('request.invalid', 'Upload-Length is required: the size of the file in bytes.');
    else if (size > MAX_AUDIO_FILE_BYTES) refusal = new AppError('upload.too-large');
    else if (size + (await options.storageUsed(user.id)) > STORAGE_QUOTA_BYTES) refusal = new AppError('quota.exceeded');
    if (refusal) return refuseUpload(request, reply, refusal);
    // An upload nobody could finish is not started: the bucket must answer now (a HEAD, at most 3 s).
    try {
      await app.storage.assertReachable();
    } catch (error) {
      if (error instanceof AppError) return refuseUpload(request, reply, error);
      throw error;
    }
    const id = await uploads.create(user.id, size!);
    if (!id) return refuseUpload(request, reply, new AppError('upload.too-many-unfinished'));
    try {
      await toTus(request, reply, user.id, id);
    } finally {
      // tus refused the creation (bad metadata, ...): the place it took is given back.
      if (reply.raw.statusCode !== 201) await uploads.store.remove(id).catch((error: unknown) => request.log.warn({ err: error }, 'could not remove a refused upload'));
    }
  });

  const withOwnUpload =
    (method: 'HEAD' | 'PATCH' | 'DELETE') => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const user = await signedInUser(request);
      const { id } = request.params;
      // Another artist's upload is not there: it can be neither read, resumed nor ended. An id
      // that cannot name one is checked here, after the session, and answers the same (decision 082).
      if (!wellFormedId(id) || !(await uploads.owns(user.id, id))) {
        const notFound = new AppError('upload.not-found');
        if (method === 'PATCH') return refuseUpload(request, reply, notFound);
        throw notFound;
      }
      return toTus(request, reply, user.id, id);
    };

  app.head<{ Params: { id: string } }>(`${RESUMABLE_PATH}/:id`, { preHandler: requireUser }, withOwnUpload('HEAD'));
  app.patch<{ Params: { id: string } }>(`${RESUMABLE_PATH}/:id`, { preHandler: requireUser }, withOwnUpload('PATCH'));
  app.delete<{ Params: { id: string } }>(`${RESUMABLE_PATH}/:id`, { preHandler: requireUser }, withOwnUpload('DELETE'));
}
