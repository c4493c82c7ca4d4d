/**
 * Whether a path or query value is shaped like a UUID (any version, any case): what PostgreSQL's
 * uuid type accepts. Services check ids with it before querying, so a malformed id is a 404 or a
 * 400 of ours, never a database error.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
