import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CATALOG_MESSAGES, MAX_AUDIO_FILE_BYTES, MAX_COVER_FILE_BYTES } from '#common/schemas/catalog/rules';
import { AppError, fieldError } from '../../lib/errors';
import type { AudioFormat } from '../media';
import { storageKeys } from '../storage';
import { displayFileName, type FileFieldRule, type ReceivedFile } from '../uploads';
import type { CatalogContext } from './catalog-context';

/**
 * Upload validation for songs, albums and covers: the size limits of the form's fields, the form's
 * fields parsed with the shared schemas, and the files checked by their content (decoded audio, a
 * real image). Every way a file can fail becomes the spec's message for its field.
 */

export const audioFieldRule: FileFieldRule = {
  maxBytes: MAX_AUDIO_FILE_BYTES,
  tooLargeMessage: CATALOG_MESSAGES.audioTooLarge,
  duplicateMessage: CATALOG_MESSAGES.oneAudioFile,
};

export const coverFieldRule: FileFieldRule = {
  maxBytes: MAX_COVER_FILE_BYTES,
  tooLargeMessage: CATALOG_MESSAGES.coverTooLarge,
  duplicateMessage: 'Please upload one cover photo',
};

/** Parses form fields with a shared schema; the first problem is the message, all are listed by field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('form.invalid', parsed.error.issues[0]?.message, { errors });
}


export interface CheckedAudio {
  file: ReceivedFile;
  key: string;
  mimeType: string;
  duration: number;
  originalName: string;
}

/** Decodes an uploaded audio file and turns every way it can fail into the form's message. */
export async function checkAudio(
  context: CatalogContext,
  userId: string,
  file: ReceivedFile,
  allowed: readonly AudioFormat[],
  formatMessage: string,
): Promise<CheckedAudio> {
  const result = await context.media.inspectAudio(file.path, allowed);
  if (!result.ok) {
    switch (result.reason) {
      case 'empty':
        throw fieldError('upload.invalid', file.field, CATALOG_MESSAGES.audioEmpty);
      case 'unsupported':
        throw fieldError('upload.unsupported-format', file.field, formatMessage);
      case 'too-short':
        throw fieldError('upload.invalid', file.field, CATALOG_MESSAGES.audioTooShort);
      default:
        throw fieldError('upload.invalid', file.field, CATALOG_MESSAGES.audioDamaged);
    }
  }
  return {
    file,
    key: storageKeys.audio(userId, result.extension),
    mimeType: result.mimeType,
    duration: result.duration,
    originalName: displayFileName(file.clientName, `audio.${result.extension}`),
  };
}

export interface CheckedCover {
  file: ReceivedFile;
  id: string;
  key: string;
  mimeType: string;
}

export async function checkCover(context: CatalogContext, userId: string, file: ReceivedFile): Promise<CheckedCover> {
  const result = await context.media.inspectCover(file.path);
  if (!result.ok) throw fieldError(result.reason === 'format' ? 'upload.unsupported-format' : 'upload.invalid', file.field, CATALOG_MESSAGES.coverPhoto);
  const id = randomUUID();
  return { file, id, key: storageKeys.coverOriginal(userId, id, result.extension), mimeType: result.mimeType };
}
