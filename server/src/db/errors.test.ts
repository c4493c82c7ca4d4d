import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

describe('a database that cannot be reached', () => {
  it('is recognised by what node-postgres and PostgreSQL say when a connection is cut or refused', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    const wrapped = new DrizzleQueryError('select 1', [], Object.assign(new Error('server closed the connection'), { code: '08006' }));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('is not a refused value, a broken rule, or another service failing', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    // A fetch to the payment provider that failed carries ECONNREFUSED deeper in its causes.
    const fetchFailed = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
  });
});
