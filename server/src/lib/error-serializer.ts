const MAX_CAUSE_DEPTH = 3;

/** Drizzle puts a failed query's parameters in its message: e-mail addresses, names, token hashes. */
export const withoutQueryParameters = (text: string) => text.replace(/^params: .*$/gm, 'params: [not logged]');

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Errors as the log shows them: type, message, code, stack and causes, and nothing else. The
 * default serializer copies every own property, which for a failed query means its parameters
 * (and for a PostgreSQL error, a `detail` quoting the row), i.e. personal data.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  const code = (error as { code?: unknown }).code;
  const cause = error.cause;
  return {
    type: error.constructor.name || error.name,
    message: withoutQueryParameters(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: withoutQueryParameters(error.stack ?? ''),
    ...(cause instanceof Error && depth < MAX_CAUSE_DEPTH ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
