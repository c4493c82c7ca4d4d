import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { ApiError, NetworkError } from './api';
import { shouldRetry, uploadResumable } from './resumable-upload';
import { isAbortError } from './upload';

// Tests run in Node, which would load tus-js-client's Node build: use the one browsers get (Vite
// follows the package's `browser` field when it builds the app).
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js' as string));

/**
 * A tus server in memory behind tus-js-client's HTTP layer: it keeps offsets like the real one
 * and can cut a PATCH after some bytes (a dropped connection), leave one hanging (a connection
 * that died silently), or answer an error.
 */
class FakeTusServer implements HttpStack {
  readonly uploads = new Map<string, { size: number; offset: number; metadata: string }>();
  readonly log: { method: string; url: string; offset?: number; bytes?: number }[] = [];
  /** PATCHes to cut: each takes this many bytes, then the connection fails. */
  cuts: number[] = [];
  /** The next PATCH gets no answer and sends nothing (until aborted). */
  hangNextPatch = false;
  /** Answers to give instead of the protocol's, by "METHOD" (once each). */
  readonly overrides = new Map<string, { status: number; body?: unknown }[]>();
  private next = 1;

  getName() {
    return 'fake';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let progress: (bytes: number) => void = () => {};
    let abort: () => void = () => {};
    const respond = (status: number, responseHeaders: Record<string, string> = {}, body = ''): HttpResponse => ({
      getStatus: () => status,
      getHeader: (name: string) => responseHeaders[name.toLowerCase()],
      getBody: () => body,
      getUnderlyingObject: () => null,
    });
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
      getHeader: (name: string) => headers[name.toLowerCase()],
      setProgressHandler: (handler: (bytes: number) => void) => void (progress = handler),
      abort: async () => abort(),
      getUnderlyingObject: () => null,
      send: async (body?: Blob | null) => {
        const entry: FakeTusServer['log'][number] = { method, url };
        this.log.push(entry);
        const override = this.overrides.get(method)?.shift();
        if (override) return respond(override.status, {}, override.body === undefined ? '' : JSON.stringify(override.body));
        if (method === 'POST') {
          const id = `u${this.next++}`;
          this.uploads.set(id, { size: Number(headers['upload-length']), offset: 0, metadata: headers['upload-metadata'] ?? '' });
          return respond(201, { location: `/api/uploads/${id}` });
        }
        const upload = this.uploads.get(url.split('/').pop()!);
        if (!upload) return respond(404, {}, JSON.stringify({ message: 'This upload was not found.' }));
        if (method === 'HEAD') return respond(200, { 'upload-offset': String(upload.offset), 'upload-length': String(upload.size) });
        if (method === 'DELETE') {
          this.uploads.delete(url.split('/').pop()!);
          return respond(204);
        }
        // PATCH
        entry.offset = Number(headers['upload-offset']);
        if (entry.offset !== upload.offset) return respond(409, {}, JSON.stringify({ message: 'Upload-Offset conflict' }));
        const size = body?.size ?? 0;
        if (this.hangNextPatch) {
          this.hangNextPatch = false;
          entry.bytes = 0;
          return new Promise<HttpResponse>((_resolve, reject) => (abort = () => reject(new Error('aborted'))));
        }
        const cut = this.cuts.shift();
        if (cut !== undefined) {
          upload.offset += cut;
          entry.bytes = cut;
          progress(cut);
          throw new Error('connection reset');
        }
        upload.offset += size;
        entry.bytes = size;
        progress(size);
        return respond(204, { 'upload-offset': String(upload.offset) });
      },
    };
  }
}

const file = (size = 10_000, name = 'usiku.wav') => new File([new Uint8Array(size)], name, { type: 'audio/wav', lastModified: 1_700_000_000_000 });
const fast = { retryDelays: [0, 0, 0, 0] };

describe('uploadResumable (tus over tus-js-client)', () => {
  let server: FakeTusServer;
  beforeEach(() => {
    server = new FakeTusServer();
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('creates the upload, sends the file, reports progress and answers the upload id', async () => {
    const progress: [number, number][] = [];
    const result = await uploadResumable(file(), { ...fast, httpStack: server, onProgress: (sent, total) => progress.push([sent, total]) });
    expect(result.uploadId).toBe('u1');
    expect(server.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH']);
    expect(server.uploads.get('u1')).toMatchObject({ size: 10_000, offset: 10_000 });
    // The file's name and type go with it, for the track's original name.
    expect(server.uploads.get('u1')!.metadata).toContain(`filename ${btoa('usiku.wav')}`);
    expect(progress.at(-1)).toEqual([10_000, 10_000]);
    // Kept until the form has used it; then forgotten.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toHaveLength(1);
    await result.forget();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toHaveLength(0);
  });

  it('resumes from what the server has after the connection drops twice, sending each byte once', async () => {
    server.cuts = [3_000, 4_000];
    const result = await uploadResumable(file(), { ...fast, httpStack: server });
    expect(result.uploadId).toBe('u1');
    const patches = server.log.filter((entry) => entry.method === 'PATCH');
    expect(patches.map((entry) => entry.offset)).toEqual([0, 3_000, 7_000]);
    expect(patches.reduce((sum, entry) => sum + entry.bytes!, 0)).toBe(10_000);
    // Before each resumption, the client asked where the server was.
    expect(server.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH', 'HEAD', 'PATCH']);
  });

  it('says the connection is lost, waits while the phone is offline (past every retry) and resumes by itself when it is back', async () => {
    server.hangNextPatch = true;
    const changes: boolean[] = [];
    const pending = uploadResumable(file(), { retryDelays: [0], httpStack: server, onConnection: (lost) => changes.push(lost) });
    await vi.waitFor(() => expect(server.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH']));
    window.dispatchEvent(new Event('offline'));
    expect(changes).toEqual([true]);
    // Offline, nothing is tried (the one zero-delay retry would have fired by the next task).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.log).toHaveLength(2);
    window.dispatchEvent(new Event('online'));
    const result = await pending;
    expect(result.uploadId).toBe('u1');
    expect(server.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    expect(changes).toEqual([true, false]);
  });

  it('gives up a request that stops moving and resumes it', async () => {
    server.hangNextPatch = true;
    const result = await uploadResumable(file(), { ...fast, stallMs: 50, httpStack: server });
    expect(result.uploadId).toBe('u1');
    expect(server.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
  });

  it('continues an upload started before (a reload) instead of starting again', async () => {
    server.cuts = [6_000, 0, 0, 0, 0];
    await expect(uploadResumable(file(), { retryDelays: [0], httpStack: server })).rejects.toBeInstanceOf(NetworkError);
    expect(server.uploads.get('u1')!.offset).toBe(6_000);
    server.cuts = [];
    const result = await uploadResumable(file(), { ...fast, httpStack: server });
    expect(result.uploadId).toBe('u1');
    expect(server.log.slice(-2).map((entry) => [entry.method, entry.offset])).toEqual([
      ['HEAD', undefined],
      ['PATCH', 6_000],
    ]);
  });

  it('retries a busy server (429) and rejects a refusal with the server message', async () => {
    server.overrides.set('POST', [{ status: 429, body: { message: 'Busy' } }]);
    expect((await uploadResumable(file(), { ...fast, httpStack: server })).uploadId).toBe('u1');

    server.overrides.set('POST', [{ status: 413, body: { message: 'Audio file must be at most 50 MB' } }]);
    const refusal = await uploadResumable(file(20, 'other.wav'), { ...fast, httpStack: server }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(413);
    expect((refusal as ApiError).message).toBe('Audio file must be at most 50 MB');
  });

  it('cancels: the server forgets the upload and the caller gets an AbortError', async () => {
    server.hangNextPatch = true;
    const controller = new AbortController();
    const pending = uploadResumable(file(), { ...fast, httpStack: server, signal: controller.signal });
    await expect.poll(() => server.log.some((entry) => entry.method === 'PATCH')).toBe(true);
    controller.abort();
    const error = await pending.catch((reason: unknown) => reason);
    expect(isAbortError(error)).toBe(true);
    await expect.poll(() => server.uploads.size).toBe(0);
    expect(server.log.at(-1)!.method).toBe('DELETE');
  });

  it('retries what may pass next time, and nothing else', () => {
    expect([0, 409, 423, 429, 500, 503].every(shouldRetry)).toBe(true);
    expect([400, 401, 403, 404, 410, 413, 415].some(shouldRetry)).toBe(false);
  });
});
