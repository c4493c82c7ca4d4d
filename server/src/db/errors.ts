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
