import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { hashToken, randomToken } from '../../lib/tokens';
import { deleteSession, findSessionUser, insertSession, type SessionUser } from './sessions.repo';

export type { SessionUser };

export const SESSION_COOKIE = 'sauti_sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long this process trusts a session it has looked up, in embedded mode (see below). */
const SESSION_CACHE_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user, or null. Looked up on first call and remembered for the request, so
     * routes that never ask (a public audio range request) cost no session query.
     */
    currentUser(): Promise<SessionUser | null>;
    sessionUserPromise: Promise<SessionUser | null> | undefined;
  }
  interface FastifyInstance {
    sessions: {
      start(reply: FastifyReply, userId: string): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    };
  }
}

/** preHandler for routes that need a signed-in artist: 401 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.currentUser())) throw new AppError('auth.required');
}

/** The signed-in user of a route guarded by requireUser. */
export async function signedInUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError('auth.required');
  return user;
}

/**
 * The stored id (hash) of the request's session cookie, or null: what other modules key per-session
 * state by (the operator's second-factor verification, decision 051). Check currentUser() first.
 */
export function sessionIdHashOf(request: FastifyRequest): string | null {
  const token = request.cookies?.[SESSION_COOKIE];
  return token ? hashToken(token) : null;
}

export const sessionPlugin = fp(
  async (app) => {
    const secure = app.config.production;
    const db = () => app.database.db;
    // Embedded mode is one process by construction (the DATA_DIR lock), so every session change
    // passes through this process and can drop the cached copy: the session query, which costs a
    // WebAssembly PostgreSQL round trip, is then skipped for a signed-in artist's repeat calls.
    // With a PostgreSQL server other processes may end sessions, so nothing is cached.
    const cache = app.database.kind === 'embedded' ? new TtlCache<string, SessionUser | null>(SESSION_CACHE_MS, 10_000) : undefined;
    const lookup = (idHash: string) => findSessionUser(db(), idHash).then((user) => user ?? null);

    app.decorateRequest('sessionUserPromise', undefined);
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      if (!this.sessionUserPromise) {
        // No cookies when an earlier onRequest hook (the same-origin rule) already refused the request.
        const token = this.cookies?.[SESSION_COOKIE];
        if (!token) this.sessionUserPromise = Promise.resolve(null);
        else {
          const idHash = hashToken(token);
          this.sessionUserPromise = cache ? cache.get(idHash, () => lookup(idHash)) : lookup(idHash);
        }
      }
      return this.sessionUserPromise;
    });

    app.decorate('sessions', {
      /** A fresh random id at every sign-in: a session id planted before sign-in is never promoted. */
      async start(reply: FastifyReply, userId: string) {
        const previous = reply.request.cookies[SESSION_COOKIE];
        if (previous) {
          await deleteSession(db(), hashToken(previous));
          cache?.invalidate(hashToken(previous));
        }
        const token = randomToken();
        await insertSession(db(), hashToken(token), userId, new Date(Date.now() + SESSION_TTL_MS));
        reply.setCookie(SESSION_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
          maxAge: SESSION_TTL_MS / 1000,
        });
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        const token = request.cookies[SESSION_COOKIE];
        if (token) {
          await deleteSession(db(), hashToken(token));
          cache?.invalidate(hashToken(token));
        }
        reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
      },
    });
    // A cached session carries the user (name, slug, photo) and may outlive the session itself
    // (a password reset ends them all): any change to an account drops every cached copy. Such
    // changes are rare; the next request of each artist asks the database once.
    app.events.on('user.changed', () => cache?.clear());
  },
  { name: 'session', dependencies: ['database'] },
);
