import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException, isDatabaseUnavailable } from '../db/errors';
import { AppError, ERRORS, type ErrorCode } from '../lib/errors';

/**
 * Fastify's own client errors, reworded for people, by their code in our vocabulary; the thrower's
 * status stands. Anything else below 500 keeps its message and gets the code of its status.
 */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  // Also what a body with __proto__ or constructor.prototype keys gets (secure-json-parse refuses them).
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'request.malformed', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'request.malformed', message: 'The request body must not be empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'request.too-large', message: ERRORS['request.too-large'].message },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'request.unsupported-type', message: ERRORS['request.unsupported-type'].message },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'request.malformed', message: 'The request body does not match its Content-Length.' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'request.unsupported-type', message: ERRORS['request.unsupported-type'].message },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'request.not-multipart', message: ERRORS['request.not-multipart'].message },
};

const CODE_OF_STATUS: Record<number, ErrorCode> = { 404: 'not-found', 413: 'request.too-large', 415: 'request.unsupported-type', 429: 'request.too-many' };

function fieldErrors(issues: { instancePath: string; message?: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'the database could not be reached');
        error = new AppError('database.unavailable');
      }
      if (error instanceof AppError) {
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        if (error.code === 'storage.unavailable') request.log.warn({ err: error.cause }, 'the media store could not be reached');
        // The provider refused a payout-method call (issue 16): its text is logged here, whatever
        // the artist is shown (checkouts log theirs with the order's reference and show our own).
        if (error.code === 'payment-provider.refused') request.log.warn({ code: error.code, providerMessage: error.message }, 'the payment provider refused a call');
        return reply.code(error.statusCode).send({ ...error.details, code: error.code, message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrors(error.validation);
        // A body's fields are a form's; an address's or a query's are the request's own.
        const code: ErrorCode = error.validationContext === 'body' ? 'form.invalid' : 'request.invalid';
        return reply.code(400).send({ code, message: Object.values(errors)[0] ?? 'Invalid request', errors });
      }
      if (error.validation) {
        return reply.code(400).send({ code: 'request.invalid', message: 'Invalid request' });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) {
        // A malformed body surfaces as a SyntaxError with statusCode 400 and no code.
        const known = (error.code && FASTIFY_ERRORS[error.code]) || (error instanceof SyntaxError ? FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
        const { code, message } = known ?? { code: CODE_OF_STATUS[status] ?? 'request.invalid', message: error.message };
        return reply.code(status).send({ code, message });
      }
      if (isDataException(error)) {
        request.log.warn({ err: error }, 'the database refused a value that validation let through');
        return reply.code(400).send({ code: 'request.invalid', message: 'A value in the request cannot be stored. Please check what you entered.' });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ code: 'internal', message: ERRORS.internal.message });
    });
  },
  { name: 'errors' },
);
