import { ApiError } from './api';

/**
 * The server's 400 answers carry `errors: {field: message}` (docs/decisions/017). Returns the
 * messages for the form's own fields, renamed where the form calls a field differently.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  rename: Partial<Record<string, F>> = {},
): [F, string][] {
  if (!(error instanceof ApiError)) return [];
  const errors = error.data.errors;
  if (!errors || typeof errors !== 'object') return [];
  const found: [F, string][] = [];
  for (const [name, message] of Object.entries(errors as Record<string, unknown>)) {
    const field = rename[name] ?? (fields as readonly string[]).find((candidate) => candidate === name);
    if (field && typeof message === 'string') found.push([field as F, message]);
  }
  return found;
}
