import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_NEW_ALBUM_TRACKS, STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import { AppError } from '../../lib/errors';
import { ALBUM_TRACK_COVER, ALBUM_TRACK_FILE } from './albums.service';
import { audioFieldRule, coverFieldRule } from './upload-validation';
import { storageUsed } from './tracks.repo';
import { receiveUpload, type FileFieldRule, type ReceivedUpload } from '../uploads';

export type UploadForm = 'track' | 'album';

const FORMS: Record<UploadForm, { fileField(name: string): FileFieldRule | undefined; maxFiles: number; maxFields: number }> = {
  /**
   * POST/PATCH /api/tracks: one audio file (audio), one cover (coverPhoto). One file more is let
   * through the parser so that a repeated field gets its own message ("one audio file per track").
   */
  track: {
    fileField: (name) => (name === 'audio' ? audioFieldRule : name === 'coverPhoto' ? coverFieldRule : undefined),
    maxFiles: 3,
    maxFields: 12,
  },
  /** POST/PATCH /api/albums: albumTrackFile_{index} and albumTrackCover_{index} per new track, and coverPhoto. */
  album: {
    fileField: (name) => (ALBUM_TRACK_FILE.test(name) ? audioFieldRule : name === 'coverPhoto' || ALBUM_TRACK_COVER.test(name) ? coverFieldRule : undefined),
    maxFiles: 2 * MAX_NEW_ALBUM_TRACKS + 1,
    maxFields: 12,
  },
};

/**
 * The body of a catalogue change: a multipart form (files streamed to scratch files), or for an
 * edit without files, JSON. The caller must discard() the result when done.
 */
export async function readCatalogForm(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  form: UploadForm,
  options: { allowJson: boolean },
): Promise<ReceivedUpload> {
  if (options.allowJson && !request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, files: [], discard: async () => {} };
    if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('request.invalid', 'Expected a JSON object or a multipart form');
    return { fields: body as Record<string, unknown>, files: [], discard: async () => {} };
  }
  const used = await storageUsed(app.database.db, userId);
  return receiveUpload(request, reply, app.scratchDir, { ...FORMS[form], quotaRemaining: Math.max(0, STORAGE_QUOTA_BYTES - used) });
}
