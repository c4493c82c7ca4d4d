import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, type ErrorCode } from '../lib/errors';
import { translateBody } from '../i18n';
import { requestLanguage } from './language';

/** Node's parser errors with their own status; anything else it cannot parse is a 400. */
const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request.timeout', message: ERRORS['request.timeout'].message },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'request.headers-too-large', message: ERRORS['request.headers-too-large'].message },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'request.too-large', message: 'The request is too large.' },
};
const MALFORMED = { status: 400, code: 'request.malformed', message: ERRORS['request.malformed'].message } as const;

type ClientSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Bytes Node cannot read as HTTP never reach a route: the rest of a body longer than its
 * Content-Length (read as the next request), a header block over the limit, a request that takes
 * too long. They get the same JSON `{code, message}` as every other error, with the right status, and
 * the connection is closed (where a next request would start is unknown). As in Node's own
 * handler, nothing is written once an answer on this connection has begun: that would corrupt it.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: ClientSocket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ code: error.code, status }, 'unreadable request');
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const body = JSON.stringify({ code, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Requests the router refuses before any route runs (Fastify's frameworkErrors): an address that
 * is not valid UTF-8, or a path segment longer than any id. Same JSON `{code, message}` as every other error.
 */
export function routerErrorHandler(error: { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  // No route ran, so the answer is put into the request's language here (decision 056).
  const send = (status: number, body: { code: ErrorCode; message: string }) => reply.code(status).send(translateBody(body, requestLanguage(request)));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(404, { code: 'not-found', message: ERRORS['not-found'].message });
  if (error.code === 'FST_ERR_BAD_URL') return send(400, { code: 'request.malformed', message: 'The address is not valid.' });
  return send(400, { code: 'request.malformed', message: ERRORS['request.malformed'].message });
}
