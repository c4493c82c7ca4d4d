/**
 * One error type for every rule a service enforces; the error handler turns it into
 * `{ message, ...details }` with its status. Services know nothing of HTTP beyond this status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new AppError(400, message, details);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message: string, details?: Record<string, unknown>) => new AppError(403, message, details);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new AppError(409, message, details);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);
export const tooManyRequests = (message = 'Too many attempts. Please wait a few minutes and try again.') =>
  new AppError(429, message);

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
