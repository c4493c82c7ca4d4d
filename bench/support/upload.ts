import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface UploadResult {
  status: number;
  body: Record<string, unknown>;
  /** From the first byte sent to the whole answer. */
  ms: number;
  bytesSent: number;
}

const TYPES: Record<string, string> = { '.wav': 'audio/wav', '.mp3': 'audio/mpeg' };
const PACE_PIECE = 16 * 1024;

/**
 * POST /api/tracks as a browser sends it: a multipart form streamed from the file (never held in
 * memory), with the real Content-Length. With `bytesPerSecond`, the body is paced by a token
 * bucket (16 KiB pieces), as over a slow mobile connection.
 */
export async function uploadTrack(
  baseUrl: string,
  cookie: string,
  options: { file: string; trackName: string; artistName: string; bytesPerSecond?: number },
): Promise<UploadResult> {
  const boundary = `----sautibench${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileName = path.basename(options.file);
  const head = Buffer.from(
    field('trackName', options.trackName) +
      field('artistName', options.artistName) +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${fileName}"\r\n` +
      `Content-Type: ${TYPES[path.extname(fileName)] ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(options.file).size + tail.length;
  const rate = options.bytesPerSecond;

  let sent = 0;
  let started = 0;
  async function* body() {
    started = performance.now();
    const pieces = async function* () {
      yield head;
      for await (const chunk of fs.createReadStream(options.file, { highWaterMark: 64 * 1024 })) yield chunk as Buffer;
      yield tail;
    };
    for await (const chunk of pieces()) {
      if (!rate) {
        sent += chunk.length;
        yield chunk;
        continue;
      }
      for (let offset = 0; offset < chunk.length; offset += PACE_PIECE) {
        const piece = chunk.subarray(offset, offset + PACE_PIECE);
        // Tokens accrue at `rate` bytes/s with a bucket of one piece: wait until this piece fits.
        const due = started + ((sent + piece.length - PACE_PIECE) / rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        sent += piece.length;
        yield piece;
      }
    }
  }

  return new Promise<UploadResult>((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/tracks`, {
      method: 'POST',
      agent: false,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = { text };
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, ms: performance.now() - started, bytesSent: sent });
      });
    });
    request.once('error', reject);
    pipeline(Readable.from(body(), { objectMode: false }), request).catch(reject);
  });
}

/** GET /api/tracks of the artist. */
export async function listTracks(baseUrl: string, cookie: string): Promise<{ id: string; streamReady: boolean }[]> {
  const response = await fetch(`${baseUrl}/api/tracks`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/tracks: ${response.status}`);
  return (await response.json()) as { id: string; streamReady: boolean }[];
}

/** Waits until the background jobs have made every track's stream rendition. */
export async function waitForRenditions(baseUrl: string, cookie: string, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tracks = await listTracks(baseUrl, cookie);
    if (tracks.every((track) => track.streamReady)) return;
    if (Date.now() > deadline) throw new Error(`renditions not ready after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
