import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toSlug } from '#common/slug';
import { users } from '../../src/db/schema';
import { insertSession } from '../../src/modules/auth/sessions.repo';
import { SESSION_COOKIE } from '../../src/modules/auth/session.plugin';
import { hashToken, randomToken } from '../../src/lib/tokens';

export interface TestArtist {
  id: string;
  displayName: string;
  /** Ready for a Cookie header. */
  cookie: string;
}

/**
 * A verified artist with a signed-in session, written straight to the database: catalogue tests
 * do not depend on the sign-up routes. Names are unique, so files sharing a database never clash.
 */
export async function createArtist(app: FastifyInstance, displayName = `Artist ${randomUUID().slice(0, 8)}`): Promise<TestArtist> {
  const id = randomUUID();
  await app.database.db.insert(users).values({
    id,
    email: `${id}@example.com`,
    emailVerifiedAt: new Date(),
    passwordHash: 'not-a-real-hash',
    displayName,
    displaySlug: `${toSlug(displayName)}${id.slice(0, 8)}`,
  });
  const token = randomToken();
  await insertSession(app.database.db, hashToken(token), id, new Date(Date.now() + 24 * 60 * 60 * 1000));
  return { id, displayName, cookie: `${SESSION_COOKIE}=${token}` };
}
