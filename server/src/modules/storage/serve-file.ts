import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '../../lib/errors';
import type { HotObjects } from './hot-objects';
import type { Storage } from './storage';

/** A stored file as a route wants it served: services describe it, this module sends it. */
export interface ServedFile {
  key: string;
  size: number;
  contentType: string;
  /** Strong validator, quoted: "…". */
  etag: string;
  lastModified?: Date;
  cacheControl: string;
  /** Response headers on top (Vary, Content-Disposition, ...). */
  headers?: Record<string, string>;
}

export type ByteRange = { start: number; end: number };

/**
 * The single range of a Range header, or 'unsatisfiable', or undefined to send the whole file
 * (no header, another unit, or several ranges: a media player never asks for those, and sending
 * the whole file is a correct answer to them).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

function notModifiedSince(header: string | undefined, lastModified: Date | undefined): boolean {
  if (!header || !lastModified) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * Range honoured only when If-Range still describes the file: the same strong ETag, or exactly its
 * Last-Modified date (RFC 9110 13.1.5: a date matches only when equal, not when later).
 */
function ifRangeHolds(header: string | undefined, file: ServedFile): boolean {
  if (!header) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === file.etag;
  const date = Date.parse(value);
  return file.lastModified !== undefined && Number.isFinite(date) && Math.floor(date / 1000) === Math.floor(file.lastModified.getTime() / 1000);
}

/**
 * The headers every answer about a file carries, built once per ServedFile (services keep those
 * for a while: the stream route's are cached per track), not once per range request.
 */
const fileHeaders = new WeakMap<ServedFile, Record<string, string>>();

function headersOf(file: ServedFile): Record<string, string> {
  let headers = fileHeaders.get(file);
  if (!headers) {
    headers = {
      'accept-ranges': 'bytes',
      etag: file.etag,
      'cache-control': file.cacheControl,
      'x-content-type-options': 'nosniff',
      ...(file.lastModified ? { 'last-modified': file.lastModified.toUTCString() } : {}),
      ...file.headers,
    };
    fileHeaders.set(file, headers);
  }
  return headers;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Sends a stored file with full HTTP semantics: ETag/Last-Modified, conditional requests (304,
 * 412), single byte ranges (206, 416), HEAD. A much-requested file is served from a copy in
 * memory (HotObjects); otherwise a small range is one positional read into a pooled buffer (local
 * disk) or a ranged GET (S3), and nothing is buffered whole.
 */
export async function sendStoredFile(
  source: { storage: Storage; hot?: HotObjects },
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
): Promise<FastifyReply> {
  const headers = request.headers;
  reply.headers(headersOf(file));

  const ifMatch = single(headers['if-match']);
  if (ifMatch && !etagMatches(ifMatch, file.etag)) return reply.code(412).send();
  const ifNoneMatch = single(headers['if-none-match']);
  if (ifNoneMatch ? etagMatches(ifNoneMatch, file.etag) : notModifiedSince(single(headers['if-modified-since']), file.lastModified)) {
    return reply.code(304).send();
  }

  let range = ifRangeHolds(single(headers['if-range']), file) ? parseRange(single(headers.range), file.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${file.size}`).type('application/json').send({
      code: 'request.range-unsatisfiable',
      message: ERRORS['request.range-unsatisfiable'].message,
    });
  }
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  else range = { start: 0, end: file.size - 1 };
  const length = file.size === 0 ? 0 : range.end - range.start + 1;
  reply.type(file.contentType);

  if (request.method === 'HEAD' || length === 0) {
    // Fastify answers HEAD with the GET route: send the headers a GET would carry, and no body.
    reply.hijack();
    const sent: Record<string, string | number | string[]> = { 'content-length': String(length) };
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined && name !== 'content-length') sent[name] = value;
    reply.raw.writeHead(reply.statusCode, sent);
    reply.raw.end();
    return reply;
  }

  reply.header('Content-Length', String(length));
  const whole = source.hot?.get(file.key, file.size);
  if (whole) return reply.send(whole.subarray(range.start, range.end + 1));
  const body = await source.storage.readRange(file.key, range.start, range.end);
  if ('buffer' in body) {
    reply.raw.once('close', body.release);
    return reply.send(body.buffer);
  }
  return reply.send(body.stream);
}
