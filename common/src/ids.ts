import { z } from 'zod';

/**
 * Whether a path or query value is shaped like a UUID (any version, any case): what PostgreSQL's
 * uuid type accepts. Routes check their `:id` with it once (knownId, decision 061) and services check
 * ids that reach them otherwise, so a malformed id is a 404 or a 400 of ours, never a database error.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The params of a route naming one row by `:id` (at most 100 characters; knownId in server/src/lib/known-id.ts checks the shape). */
export const idParams = z.object({ id: z.string().max(100) });
