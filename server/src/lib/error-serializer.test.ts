import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './error-serializer';

describe('serializeError', () => {
  it("keeps a failed query's statement but not its parameters, nor the database's row detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(wanjiru@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into "users" ("email", "display_name") values ($1, $2)', ['wanjiru@example.com', 'Wanjiru'], cause);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('wanjiru@example.com');
    expect(logged).not.toContain('Wanjiru');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('users_email_key');
    expect(serializeError(error)).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } });
  });
});
