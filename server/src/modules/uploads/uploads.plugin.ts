import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { refuseUpload } from './upload-intake';
import { UploadTracker } from './upload-tracker';

/**
 * Upload intake shared by every form that takes files (tracks, albums, later profile photos):
 * the in-process tracker (tests await it; shutdown cuts what is left) and runUpload.
 */
export const uploadsPlugin = fp(
  async (app) => {
    app.decorate('uploads', new UploadTracker());
    // Uploads cut at shutdown finish their clean-up (files, staged objects) before the database
    // closes (onClose hooks run in reverse order of registration: this one before the database's).
    app.addHook('onClose', async () => app.uploads.idle());
  },
  { name: 'uploads', dependencies: ['limits'] },
);

/**
 * Runs a request that may carry files. A multipart one first takes one of the artist's upload
 * slots, counted across every server process (each upload holds scratch disk and a share of the
 * decoders): without one it is refused, 429, before its body is read. The slot is freed when
 * `work` (which must remove its scratch files) has ended, however it ended.
 */
export async function runUpload<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  work: () => Promise<T>,
): Promise<T> {
  const slot = request.isMultipart() ? await app.uploadSlots.acquire(userId) : undefined;
  if (request.isMultipart() && !slot) await refuseUpload(request, reply, new AppError('upload.too-many'));
  return app.uploads.run(request, async () => {
    try {
      return await work();
    } finally {
      await slot?.release();
    }
  });
}
