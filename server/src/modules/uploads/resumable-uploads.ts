import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, Server, StreamLimiter, type CancellationContext, type DataStore, type Locker, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { CATALOG_MESSAGES, MAX_AUDIO_FILE_BYTES, MAX_UNFINISHED_UPLOADS } from '#common/schemas/catalog/rules';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError, fieldError, INTERNAL_ERROR_MESSAGE } from '../../lib/errors';
import type { Storage } from '../storage';
import type { ReceivedFile, ReceivedUpload } from './upload-intake';
import type { NamedUpload } from './named-upload';
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

/**
 * srvx's request for tus, but whose `body` is the Node request itself, untouched. srvx's own body
 * is `Readable.toWeb(req)`, which on Node 20 copies every chunk into a new Uint8Array ("to detach
 * it from the pool"), and tus turns that web stream back into a Node stream (`Readable.fromWeb`):
 * at loopback speed, 32 uploads kept 60–80 MiB of those copies waiting for a collection, 2.7 MiB
 * per upload (decision 065). Only the two tus handlers below that write bytes read it.
 */
function tusRequest(req: FastifyRequest['raw'], res: FastifyReply['raw']) {
  const request = new NodeRequest({ req, res });
  Object.defineProperty(request, 'body', { value: req });
  return request;
}

type WriteToStore = (body: unknown, upload: Upload, maxFileSize: number, context: CancellationContext) => Promise<number>;

/**
 * tus's `writeToStore` (BaseHandler, @tus/server 2.4.5) over the Node request instead of a web
 * stream: the same proxy (a cut or a lock handed over ends the store's stream cleanly, so what
 * arrived is stored, without destroying the request), the same size limit and the same errors.
 * Each chunk reaches the store as the socket delivered it, with the streams' backpressure.
 */
function writeNodeBody(store: DataStore): WriteToStore {
  return async (body, upload, maxFileSize, context) => {
    if (context.signal.aborted) throw ERRORS.ABORTED;
    const source = body as FastifyRequest['raw'];
    const proxy = new PassThrough();
    let sourceError: unknown;
    const onSourceError = (error: unknown) => {
      if (sourceError !== undefined) return;
      sourceError = error;
      source.unpipe(proxy);
      if (!context.signal.aborted) proxy.destroy(error as Error);
    };
    const onAbort = () => {
      source.unpipe(proxy);
      if (!proxy.destroyed) proxy.end();
    };
    // A request cut short emits 'error' only to listeners (tus's own is one); 'close' before the
    // end says the same either way, so the store's stream can never wait for an end that won't come.
    const onClose = () => {
      if (!source.complete) onSourceError(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    };
    source.on('error', onSourceError);
    source.once('close', onClose);
    context.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const written = await pipeline(source.pipe(proxy), new StreamLimiter(maxFileSize), (stream: AsyncIterable<Buffer>) => store.write(stream as Readable, upload.id, upload.offset));
      return written as number;
    } catch (error) {
      source.unpipe(proxy);
      const aborted = (sourceError !== undefined && error === sourceError) || (error instanceof Error && error.name === 'AbortError');
      throw aborted ? ERRORS.ABORTED : error;
    } finally {
      source.off('error', onSourceError);
      source.off('close', onClose);
      context.signal.removeEventListener('abort', onAbort);
    }
  };
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
    // The handlers that take bytes (PATCH, and POST with creation-with-upload) read the Node request.
    for (const handler of [this.tus.handlers.PATCH, this.tus.handlers.POST]) {
      (handler as unknown as { writeToStore: WriteToStore }).writeToStore = writeNodeBody(this.store);
    }
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

  /**
   * Whether `id` is an upload of this artist: another artist's is simply not there. The route
   * checked the id's shape (decision 082).
   */
  async owns(userId: string, id: string): Promise<boolean> {
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
      const answer = await this.tus.handleWeb(tusRequest(request.raw, res));
      await Promise.race([sendNodeResponse(res, answer), gone]);
    } catch (error) {
      request.log.error({ err: error }, 'resumable upload failed');
      if (!res.headersSent) res.destroy();
    } finally {
      this.contexts.delete(request.raw);
    }
  }

  /**
   * Runs a form change with the finished upload the form named (read and checked at the route by
   * `namedUpload`, decision 082; instead of a file part `fileField`), exactly as if the file had
   * come in the form: `work` gets it as a scratch file of that field. Afterwards the upload is
   * removed if the change succeeded or the file itself was refused (it can never succeed);
   * otherwise (a field to correct, the quota) it stays, so the artist can send the form again
   * without sending the file again.
   */
  async withFinishedUpload<T>(userId: string, named: NamedUpload, fileField: string, work: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
    const { uploadId: id, upload } = named;
    if (id === undefined) return work(upload);
    const claim = await claimCompleted(this.db, userId, id, CLAIM_LEASE_MS);
    if (claim.status === 'missing') throw fieldError('form.invalid', fileField, CATALOG_MESSAGES.audioUploadMissing);
    if (claim.status === 'unfinished') throw fieldError('form.invalid', fileField, CATALOG_MESSAGES.audioUploadUnfinished);

    const file: ReceivedFile = {
      field: fileField,
      path: path.join(this.deps.scratchDir, `upload-${randomUUID()}`),
      size: claim.upload.size,
      clientName: claim.upload.metadata?.filename ?? '',
    };
    let usedUp = false;
    try {
      await this.store.assemble(id, file.path);
      const result = await work({
        fields: upload.fields,
        files: [...upload.files, file],
        discard: async () => {
          await upload.discard();
          await fsp.rm(file.path, { force: true });
        },
      });
      usedUp = true;
      return result;
    } catch (error) {
      usedUp = refusesField(error, fileField);
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
