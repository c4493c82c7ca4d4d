import fs from 'node:fs';
import http from 'node:http';
import { readAnswer, type RawResponse } from './raw-upload';

/**
 * A tus 1.0 client over plain HTTP connections, with control over the bytes: tests send part of a
 * body and then cut the connection, as a phone losing its signal does. Counts every body byte it
 * writes, so a test can tell how much of a file went over the wire in all.
 */

export type TusAnswer = RawResponse;

const TUS = { 'tus-resumable': '1.0.0' };

/** Upload-Metadata: keys with base64 values. */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export function tusRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string | undefined>,
  body?: Buffer,
): Promise<TusAnswer> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const request = http.request(`${baseUrl}${path}`, { method, headers: clean, agent: false }, (response) => readAnswer(response).then(resolve, reject));
    request.on('error', reject);
    request.end(body);
  });
}

export class TusClient {
  /** Body bytes written to the network by this client, over every PATCH. */
  bytesSent = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly cookie: string | undefined,
  ) {}

  private headers(extra: Record<string, string | undefined> = {}) {
    return { ...TUS, ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  create(size: number, metadata: Record<string, string> = {}, extra: Record<string, string | undefined> = {}): Promise<TusAnswer> {
    const headers = this.headers({ 'upload-length': String(size), ...(Object.keys(metadata).length ? { 'upload-metadata': tusMetadata(metadata) } : {}), ...extra });
    return tusRequest(this.baseUrl, 'POST', '/api/uploads', headers);
  }

  head(url: string): Promise<TusAnswer> {
    return tusRequest(this.baseUrl, 'HEAD', url, this.headers());
  }

  terminate(url: string): Promise<TusAnswer> {
    return tusRequest(this.baseUrl, 'DELETE', url, this.headers());
  }

  /** The server's offset (HEAD), as a client resuming asks first. */
  async offset(url: string): Promise<number> {
    const answer = await this.head(url);
    if (answer.status !== 200) throw new Error(`HEAD ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return Number(answer.headers['upload-offset']);
  }

  /**
   * PATCH the bytes of `file` from `offset` to its end. With `cutAfter`, only that many bytes are
   * written; once `received()` says the server has them, the connection is destroyed without an
   * answer. Resolves with the answer, or with undefined for a cut request.
   */
  patch(url: string, file: string, offset: number, options: { cutAfter?: number; received?: (bytes: number) => Promise<void> } = {}): Promise<TusAnswer | undefined> {
    const size = fs.statSync(file).size;
    const length = size - offset;
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.baseUrl}${url}`, {
        method: 'PATCH',
        agent: false,
        headers: this.headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(length) }),
      });
      let cut = false;
      request.on('response', (response) => readAnswer(response).then(resolve, reject));
      request.on('error', (error) => (cut ? resolve(undefined) : reject(error)));
      const limit = options.cutAfter ?? length;
      const source = fs.createReadStream(file, { start: offset, end: offset + limit - 1, highWaterMark: 256 * 1024 });
      source.on('error', reject);
      source.on('data', (chunk) => {
        this.bytesSent += chunk.length;
        if (!request.write(chunk)) {
          source.pause();
          request.once('drain', () => source.resume());
        }
      });
      source.on('end', () => {
        if (options.cutAfter === undefined) return request.end();
        void (options.received?.(limit) ?? Promise.resolve()).then(() => {
          cut = true;
          request.destroy();
          resolve(undefined);
        });
      });
    });
  }
}
