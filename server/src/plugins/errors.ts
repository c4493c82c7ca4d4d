import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException, isDatabaseUnavailable } from '../db/errors';
import { AppError, INTERNAL_ERROR_MESSAGE } from '../lib/errors';

/** Fastify's own client errors, reworded for people; anything else below 500 keeps its message. */
const FASTIFY_MESSAGES: Record<string, string> = {
  // Also what a body with __proto__ or constructor.prototype keys gets (secure-json-parse refuses them).
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body must not be empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON or multipart form data.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'Unsupported content type. Send JSON or multipart form data.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart form upload.',
};

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
        return reply.code(error.statusCode).send({ ...error.details, message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrors(error.validation);
        return reply.code(400).send({ message: Object.values(errors)[0] ?? 'Invalid request', errors });
      }
      if (error.validation) {
        return reply.code(400).send({ message: 'Invalid request' });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) {
        // A malformed body surfaces as a SyntaxError with statusCode 400 and no code.
        const message =
          (error.code && FASTIFY_MESSAGES[error.code]) ??
          (error instanceof SyntaxError ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
        return reply.code(status).send({ message });
      }
      if (isDataException(error)) {
        request.log.warn({ err: error }, 'the database refused a value that validation let through');
        return reply.code(400).send({ message: 'A value in the request cannot be stored. Please check what you entered.' });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE });
    });
  },
  { name: 'errors' },
);
