import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { cleanName } from '#common/text';
import { AppError } from '../../lib/errors';

export interface ReceivedFile {
  field: string;
  /** Scratch file holding the bytes; gone once stored or discarded. */
  path: string;
  size: number;
  /** As the client named it: for display only, never for a path or key. */
  clientName: string;
}

export interface ReceivedUpload {
  fields: Record<string, unknown>;
  files: ReceivedFile[];
  /** Deletes the scratch files still present. Safe to call more than once. */
  discard(): Promise<void>;
}

export interface FileFieldRule {
  maxBytes: number;
  tooLargeMessage: string;
  /** Sent twice: this message (one audio file per track). */
  duplicateMessage: string;
}

export interface UploadRules {
  /** The rule for a file field, or undefined for a field the form does not have. */
  fileField(name: string): FileFieldRule | undefined;
  maxFiles: number;
  maxFields: number;
  /** Bytes the artist may still store: all files together must fit. */
  quotaRemaining: number;
}

/** Largest file any form takes (busboy cuts a file off past this). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
/** Multipart framing and text fields on top of the files, for the early Content-Length check. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
/** A connection that sends nothing for this long has gone away without saying so. */
const IDLE_TIMEOUT_MS = 60_000;
/** After refusing an upload, read at most this much more so the client can see the answer. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 30_000;

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('upload.too-large'),
  FST_FILES_LIMIT: () => new AppError('upload.too-large', CATALOG_MESSAGES.tooManyFiles),
  FST_FIELDS_LIMIT: () => new AppError('upload.too-large', 'Too many form fields'),
  FST_PARTS_LIMIT: () => new AppError('upload.too-large', 'Too many form fields and files'),
  FST_INVALID_JSON_FIELD_ERROR: () => new AppError('request.invalid', 'A form field marked as JSON is not valid JSON'),
  FST_PROTO_VIOLATION: () => new AppError('request.invalid', 'The form contains a forbidden field name'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('request.not-multipart'),
};

function translate(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code && MULTIPART_ERRORS[code]) return MULTIPART_ERRORS[code]();
  const message = error instanceof Error ? error.message : '';
  if (/malformed|boundary|header/i.test(message) && !/terminated|unexpected end/i.test(message)) {
    return new AppError('request.invalid', 'The upload is not a valid multipart form.');
  }
  // Premature close, "Unexpected end of form", "Part terminated early", ECONNRESET, our idle timeout.
  return new AppError('upload.incomplete');
}

/**
 * After a refusal mid-upload, the rest of the body is read and thrown away before we answer, so the
 * client (a browser still sending) gets to read our message instead of a broken connection. Past a
 * bound, we stop reading and answer with Connection: close.
 */
function drainBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return Promise.resolve();
  raw.unpipe();
  return new Promise((resolve) => {
    let drained = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onEnd);
      if (!complete) {
        raw.pause();
        reply.header('Connection', 'close');
      }
      resolve();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onEnd);
    raw.resume();
  });
}

/**
 * Refuses an upload before reading its body. The body is read and thrown away first (up to a
 * bound) so that a browser still sending sees the message rather than a reset connection.
 */
export async function refuseUpload(request: FastifyRequest, reply: FastifyReply, refusal: AppError): Promise<never> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) reply.header('Connection', 'close');
  else await drainBody(request, reply);
  throw refusal;
}

/**
 * Streams a multipart request's files to scratch files, collecting its text fields. Memory stays
 * flat whatever the file size. Limits are enforced while the bytes arrive, not trusted from
 * Content-Length: a file over its limit is a 413 with the form's message, as is going over the
 * artist's storage quota. On any failure (including the client going away), every scratch file
 * is removed before the error is thrown.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  scratchDir: string,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('request.not-multipart');
  const files: ReceivedFile[] = [];
  const fields: Record<string, unknown> = {};
  const discard = async () => {
    await Promise.all(files.map((file) => fsp.rm(file.path, { force: true })));
  };

  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared)) {
    const refusal =
      declared > rules.maxFiles * MAX_FILE_BYTES + FORM_OVERHEAD_BYTES
        ? new AppError('upload.too-large')
        : declared > rules.quotaRemaining + FORM_OVERHEAD_BYTES
          ? new AppError('quota.exceeded')
          : undefined;
    if (refusal) await refuseUpload(request, reply, refusal);
  }

  // A socket that goes quiet mid-upload is closed, which fails the parse below and cleans up.
  const socket = request.raw.socket;
  const onIdle = () => socket.destroy(new Error('upload stalled'));
  socket.setTimeout(IDLE_TIMEOUT_MS, onIdle);

  let totalFileBytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_FILE_BYTES,
        files: rules.maxFiles,
        fields: rules.maxFields,
        parts: rules.maxFiles + rules.maxFields,
        fieldSize: MAX_FIELD_BYTES,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('upload.too-large', `The form field ${part.fieldname} is too long`);
        if (Object.hasOwn(fields, part.fieldname)) throw new AppError('request.invalid', `The form field ${part.fieldname} was sent more than once`);
        fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules.fileField(part.fieldname);
      if (!rule) throw new AppError('request.invalid', CATALOG_MESSAGES.unexpectedFile);
      if (files.some((file) => file.field === part.fieldname)) throw new AppError('request.invalid', rule.duplicateMessage);
      const file: ReceivedFile = {
        field: part.fieldname,
        path: path.join(scratchDir, `upload-${randomUUID()}`),
        size: 0,
        clientName: part.filename,
      };
      files.push(file);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          file.size += chunk.length;
          totalFileBytes += chunk.length;
          if (file.size > rule.maxBytes) return callback(new AppError('upload.too-large', rule.tooLargeMessage));
          if (totalFileBytes > rules.quotaRemaining) return callback(new AppError('quota.exceeded'));
          callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(file.path, { flags: 'wx' }));
      if (part.file.truncated) throw new AppError('upload.too-large', rule.tooLargeMessage);
      // A file input left empty is sent as a nameless, empty part: the form means "no file".
      if (file.size === 0 && file.clientName === '') {
        files.pop();
        await fsp.rm(file.path, { force: true });
      }
    }
  } catch (error) {
    await Promise.all([discard(), drainBody(request, reply)]);
    throw translate(error);
  } finally {
    socket.setTimeout(0);
    socket.off('timeout', onIdle);
  }
  return { fields, files, discard };
}

/** A file name fit to show: no folders, no control or bidi-override characters, bounded length. */
export function displayFileName(clientName: string, fallback: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  const clean = cleanName(base).trim().slice(0, 255);
  return clean || fallback;
}
