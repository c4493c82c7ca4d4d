import http from 'node:http';
import { Readable } from 'node:stream';

export type RawPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: number | Buffer };

const CHUNK = Buffer.alloc(64 * 1024, 0x55);

/** A multipart body generated on the fly: a file part may be any size without touching disk or memory. */
export function multipartStream(boundary: string, parts: RawPart[]): { stream: Readable; length: number } {
  const pieces: (Buffer | number)[] = [];
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      pieces.push(part.bytes);
      pieces.push(Buffer.from('\r\n'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce<number>((sum, piece) => sum + (typeof piece === 'number' ? piece : piece.length), 0);
  async function* generate() {
    for (const piece of pieces) {
      if (typeof piece !== 'number') {
        yield piece;
        continue;
      }
      for (let sent = 0; sent < piece; sent += CHUNK.length) yield CHUNK.subarray(0, Math.min(CHUNK.length, piece - sent));
    }
  }
  return { stream: Readable.from(generate(), { objectMode: false }), length };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A whole answer: status, headers, and the body as JSON when it is JSON, else as text. */
export function readAnswer(response: http.IncomingMessage): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
    });
  });
}

/**
 * Sends a multipart body over a plain HTTP connection with control over the framing: the real
 * Content-Length, a false one, or none (chunked). Resolves with the answer, or rejects when the
 * server closes the connection without one.
 */
export function rawUpload(
  baseUrl: string,
  options: { method?: string; path: string; cookie?: string; parts: RawPart[]; contentLength?: 'actual' | 'none' | number },
): Promise<RawResponse> {
  const boundary = `----sauti${Math.random().toString(16).slice(2)}`;
  const { stream, length } = multipartStream(boundary, options.parts);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (options.cookie) headers.cookie = options.cookie;
  const declared = options.contentLength ?? 'actual';
  if (declared === 'actual') headers['content-length'] = String(length);
  else if (typeof declared === 'number') headers['content-length'] = String(declared);
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${options.path}`, { method: options.method ?? 'POST', headers }, (response) =>
      readAnswer(response).then(resolve, reject),
    );
    request.on('error', reject);
    // Writing past a false Content-Length fails on our side once the server has answered: that is the point.
    stream.on('error', () => {});
    stream.pipe(request).on('error', () => {});
  });
}

/**
 * Starts an upload and cuts the connection after `bytesBeforeAbort` bytes, once `ready` resolves
 * (the server has begun handling it). Resolves when the socket is destroyed.
 */
export async function abortedUpload(
  baseUrl: string,
  options: { path: string; cookie: string; parts: RawPart[]; bytesBeforeAbort: number; ready: Promise<unknown> },
): Promise<void> {
  const boundary = `----sauti${Math.random().toString(16).slice(2)}`;
  const { stream, length } = multipartStream(boundary, options.parts);
  const request = http.request(`${baseUrl}${options.path}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length), cookie: options.cookie },
  });
  request.on('error', () => {});
  let sent = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    const room = options.bytesBeforeAbort - sent;
    if (room <= buffer.length) {
      request.write(buffer.subarray(0, Math.max(0, room)));
      break;
    }
    sent += buffer.length;
    if (!request.write(buffer)) await new Promise((resolve) => request.once('drain', resolve));
  }
  await options.ready;
  request.destroy();
}

/** Starts a track upload, sends its first bytes and then nothing: the server waits for the rest until destroy(). */
export function stalledUpload(baseUrl: string, cookie: string): http.ClientRequest {
  const boundary = `----sauti${Math.random().toString(16).slice(2)}`;
  const parts: RawPart[] = [
    { name: 'trackName', value: 'Stalled' },
    { name: 'artistName', value: 'Wanjiru' },
    { name: 'audio', filename: 'stalled.wav', contentType: 'audio/wav', bytes: 10 * 1024 * 1024 },
  ];
  const { stream, length } = multipartStream(boundary, parts);
  const request = http.request(`${baseUrl}/api/tracks`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length), cookie },
  });
  request.on('error', () => {});
  stream.once('data', (chunk: Buffer) => {
    stream.destroy();
    request.write(chunk);
  });
  return request;
}
