import { DrizzleQueryError } from 'drizzle-orm';

interface PostgresError {
  code: string;
  constraint?: unknown;
}

/** The PostgreSQL error behind a failed query (SQLSTATE code and all), however the driver wrapped it. */
function postgresErrorOf(error: unknown): PostgresError | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PostgresError;
  }
  return undefined;
}

/**
 * True when PostgreSQL refused a value itself (class 22, "data exception": a NUL in a text, a
 * number out of range). Validation should have caught it first; this keeps a miss a 400.
 */
export function isDataException(error: unknown): boolean {
  return postgresErrorOf(error)?.code.startsWith('22') ?? false;
}

/** True when a query failed on a UNIQUE constraint (optionally a given one), however the driver wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresErrorOf(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/** SQLSTATEs of a server that went away or cannot take us now: class 08, shutdown (57P01-57P03), too many connections. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** What node-postgres itself throws when the connection is cut or cannot be made. */
const CUT_CONNECTION = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  // A database closed to connections for maintenance (ALLOW_CONNECTIONS false): 55000 says no more than that.
  if (code === '55000' && typeof message === 'string' && message.includes('not currently accepting connections')) return true;
  return typeof message === 'string' && CUT_CONNECTION.test(message);
}

/**
 * True when a query failed because the database could not be reached or its connection was cut
 * (a restart, a failover, an operator ending the session): nothing the request did wrong, worth a
 * retry. Looks at the error and the one drizzle wraps (a network code deeper in another error's
 * causes, such as a failed fetch, is not the database's).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  return error instanceof DrizzleQueryError && isConnectionFailure(error.cause);
}
