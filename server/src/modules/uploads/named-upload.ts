import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { fieldError } from '../../lib/errors';
import { wellFormedId } from '../../lib/known-id';
import type { ReceivedUpload } from './upload-intake';

/** A form as the route hands it on: its other fields and files, and the finished upload it names, if any. */
export interface NamedUpload {
  uploadId?: string;
  upload: ReceivedUpload;
}

/**
 * The finished resumable upload a form names in `idField` instead of a file part `fileField`, read
 * at the route (decision 082), in the order it has always answered: both named (400, the form's
 * `duplicateMessage`), then an id that cannot name an upload (the missing upload's field error,
 * the answer an unknown id gets). ResumableUploads.withFinishedUpload sees well-formed ids only.
 */
export function namedUpload(upload: ReceivedUpload, names: { idField: string; fileField: string; duplicateMessage: string }): NamedUpload {
  const { [names.idField]: named, ...fields } = upload.fields;
  if (named === undefined) return { upload };
  if (upload.files.some((file) => file.field === names.fileField)) throw fieldError('request.invalid', names.fileField, names.duplicateMessage);
  const uploadId = typeof named === 'string' ? named.trim() : '';
  if (!wellFormedId(uploadId)) throw fieldError('form.invalid', names.fileField, CATALOG_MESSAGES.audioUploadMissing);
  return { uploadId, upload: { ...upload, fields } };
}
