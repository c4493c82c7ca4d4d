import http from 'node:http';

export interface TimedDownload {
  status: number;
  /** From the request to the first body byte. */
  firstByteMs: number;
  /** From the request to the end of the body. */
  totalMs: number;
  bytes: number;
  /** What Content-Length promised (NaN without one). */
  contentLength: number;
}

let nextAddress = 1;

/**
 * One download read to the end and thrown away, timed; each from an address of its own
 * (X-Forwarded-For, for a server started with TRUST_PROXY), so the per-address limit never counts.
 */
export function timedDownload(url: string): Promise<TimedDownload> {
  const address = nextAddress++;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: false, headers: { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` } }, (response) => {
      let firstByteMs = Number.NaN;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          contentLength: Number(response.headers['content-length']),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
