import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Server, type CancellationContext, type Locker } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { CATALOG_MESSAGES, MAX_AUDIO_FILE_BYTES, MAX_UNFINISHED_UPLOADS } from '#common/schemas/catalog/rules';
import { isUuid } from '#common/ids';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError, fieldError, INTERNAL_ERROR_MESSAGE } from '../../lib/errors';
import type { Storage } from '../storage';
import type { ReceivedFile, ReceivedUpload } from './upload-intake';
import { DbLocker, ProcessLocker } from './resumable-locker';
import { SegmentStore } from './resumable-store';
import { claimCompleted, findUpload, insertUpload, releaseClaim } from './resumable.repo';

/** Where the tus endpoint lives; an upload's URL is this plus its id. */
export const RESUMABLE_PATH = '/api/uploads';
/** An upload is gone a day after it was created (the tus Upload-Expires header says when). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How long one POST /api/tracks may take to turn a finished upload into a track. */
const CLAIM_LEASE_MS = 15 * 60 * 1000;

/** What the route knows of a request handed to tus (the signed-in artist, the upload). */
interface TusRequestContext {
  userId: string;
  uploadId: string;
  log: FastifyBaseLogger;
}

/** The outages a tus answer may report, with their message and Retry-After (docs/decisions/036). */
const OUTAGES = [new AppError('database.unavailable'), new AppError('storage.unavailable')];

/** tus answers errors as text; the API answers every error as JSON { message } (docs/decisions/025). */
function errorMessage(status: number, body: string): string {
  if (status >= 500) return OUTAGES.some((outage) => outage.message === body) ? body : INTERNAL_ERROR_MESSAGE;
  if (status === 404 || status === 410) return CATALOG_MESSAGES.uploadNotFound;
  if (status === 413) return CATALOG_MESSAGES.audioTooLarge;
  return body.trim() || 'Invalid request';
}

class JsonErrorsServer extends Server {
  override async write(context: CancellationContext, headers: Headers, status: number, body = '') {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const outage = OUTAGES.find((error) => error.statusCode === status && error.message === body);
    if (outage) headers.set('Retry-After', String(outage.retryAfterSeconds));
    // An outage is the one tus refusal the web reads by its code (decision 046), as it does elsewhere.
    const answer = outage ? { code: outage.code, message: outage.message } : { message: errorMessage(status, body) };
    return super.write(context, headers, status, JSON.stringify(answer));
  }
}

export interface ResumableUploadsDeps {
  db: () => Db;
  storage: Storage;
  scratchDir: string;
  /** One process owns the database (embedded mode): a lock in memory is exact there. */
  exclusive: boolean;
  log: FastifyBaseLogger;
}

/**
 * Resumable uploads (tus 1.0, docs/decisions/033): the tus server over our SegmentStore, and what
 * a form does with a finished upload. The routes (resumable.routes.ts) check the session, the
 * owner and the limits, then hand the raw request to tus.
 */
export class ResumableUploads {
  readonly store: SegmentStore;
  private readonly tus: Server;
  private readonly contexts = new WeakMap<object, TusRequestContext>();

  constructor(private readonly deps: ResumableUploadsDeps) {
    this.store = new SegmentStore({ db: deps.db, storage: deps.storage, scratchDir: deps.scratchDir, expirationMs: UPLOAD_EXPIRY_MS, log: deps.log });
    const locker: Locker = deps.exclusive ? new ProcessLocker() : new DbLocker(deps.db);
    // tus passes its own request object; the Node request under it is the key.
    const contextOf = (req: { runtime?: { node?: { req: object } } }) => {
      const raw = req.runtime?.node?.req;
      return raw ? this.contexts.get(raw) : undefined;
    };
    this.tus = new JsonErrorsServer({
      path: RESUMABLE_PATH,
      datastore: this.store,
      locker,
      maxSize: MAX_AUDIO_FILE_BYTES,
      relativeLocation: true,
      // Same origin only (the security plugin refuses others): no CORS headers at all.
      allowedOrigins: () => false,
      // The route chose the id (creation) or read it from the URL and checked the owner.
      namingFunction: (req) => {
        const context = contextOf(req);
        if (!context) throw new Error('tus request without a route context');
        return context.uploadId;
      },
      getFileIdFromRequest: (req) => contextOf(req)?.uploadId,
      onResponseError: (req, error) => {
        if (error instanceof AppError) return { status_code: error.statusCode, body: error.message };
        // A PATCH, HEAD or DELETE during a database restart: an outage like any other request's.
        if (isDatabaseUnavailable(error)) return { status_code: 503, body: OUTAGES[0]!.message };
        if (error instanceof Error) {
          (contextOf(req)?.log ?? deps.log).error({ err: error }, 'resumable upload failed');
          return { status_code: 500, body: '' };
        }
        return undefined;
      },
    });
  }

  private get db() {
    return this.deps.db();
  }

  /** A new upload of `size` bytes for the artist, or undefined when they have too many unfinished. */
  async create(userId: string, size: number): Promise<string | undefined> {
    const id = randomUUID();
    const created = await insertUpload(this.db, { id, userId, size, expiresInMs: UPLOAD_EXPIRY_MS }, MAX_UNFINISHED_UPLOADS);
    return created ? id : undefined;
  }

  /** Whether `id` is an upload of this artist: another artist's is simply not there. */
  async owns(userId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const row = await findUpload(this.db, id);
    return row !== undefined && row.userId === userId;
  }

  /**
   * Hands a request to tus, which answers it on the raw response. The API's security headers
   * (set by the security plugin's hook) go with the answer. Resolves once tus has done its work
   * (the bytes received are stored and counted) and the answer is out, or the client has gone:
   * a cut connection's answer is never finished, and must not hold the artist's upload slot.
   */
  async handle(request: FastifyRequest, reply: FastifyReply, context: { userId: string; uploadId: string }): Promise<void> {
    reply.hijack();
    const res = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    this.contexts.set(request.raw, { ...context, log: request.log });
    const gone = new Promise<void>((resolve) => res.once('close', resolve));
    try {
      const answer = await this.tus.handleWeb(new NodeRequest({ req: request.raw, res }));
      await Promise.race([sendNodeResponse(res, answer), gone]);
    } catch (error) {
      request.log.error({ err: error }, 'resumable upload failed');
      if (!res.headersSent) res.destroy();
    } finally {
      this.contexts.delete(request.raw);
    }
  }

  /**
   * Runs a form change with the finished upload that the form names in `idField` (instead of a
   * file part `fileField`), exactly as if the file had come in the form: `work` gets it as a
   * scratch file of that field. Afterwards the upload is removed if the change succeeded or the
   * file itself was refused (it can never succeed); otherwise (a field to correct, the quota) it
   * stays, so the artist can send the form again without sending the file again.
   */
  async withFinishedUpload<T>(
    userId: string,
    upload: ReceivedUpload,
    names: { idField: string; fileField: string; duplicateMessage: string },
    work: (upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> {
    const { [names.idField]: named, ...fields } = upload.fields;
    if (named === undefined) return work(upload);
    if (upload.files.some((file) => file.field === names.fileField)) throw fieldError('request.invalid', names.fileField, names.duplicateMessage);
    const id = typeof named === 'string' ? named.trim() : '';
    const claim = isUuid(id) ? await claimCompleted(this.db, userId, id, CLAIM_LEASE_MS) : { status: 'missing' as const };
    if (claim.status === 'missing') throw fieldError('form.invalid', names.fileField, CATALOG_MESSAGES.audioUploadMissing);
    if (claim.status === 'unfinished') throw fieldError('form.invalid', names.fileField, CATALOG_MESSAGES.audioUploadUnfinished);

    const file: ReceivedFile = {
      field: names.fileField,
      path: path.join(this.deps.scratchDir, `upload-${randomUUID()}`),
      size: claim.upload.size,
      clientName: claim.upload.metadata?.filename ?? '',
    };
    let usedUp = false;
    try {
      await this.store.assemble(id, file.path);
      const result = await work({
        fields,
        files: [...upload.files, file],
        discard: async () => {
          await upload.discard();
          await fsp.rm(file.path, { force: true });
        },
      });
      usedUp = true;
      return result;
    } catch (error) {
      usedUp = refusesField(error, names.fileField);
      throw error;
    } finally {
      await fsp.rm(file.path, { force: true });
      try {
        if (usedUp) await this.store.remove(id);
        else await releaseClaim(this.db, id);
      } catch (error) {
        // The expiry job removes it in the end.
        this.deps.log.warn({ err: error, uploadId: id }, 'could not settle a finished upload');
      }
    }
  }

  /** The scheduled clean-up: uploads past their expiry, finished or not, with their stored bytes. */
  expire(): Promise<number> {
    return this.store.deleteExpired();
  }
}

/** Whether an error is the refusal of the file of `field` (not decodable, wrong format, ...). */
function refusesField(error: unknown, field: string): boolean {
  if (!(error instanceof AppError)) return false;
  const errors = error.details.errors as Record<string, unknown> | undefined;
  return errors !== undefined && field in errors;
}
