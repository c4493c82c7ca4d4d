import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '#common/session-hint';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { hashToken, randomToken } from '../../lib/tokens';
import { deleteSession, findSessionUser, insertSession, type SessionUser } from './sessions.repo';

export type { SessionUser };

export const SESSION_COOKIE = 'sauti_sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long this process trusts a session it has looked up. Events drop a cached session at once on
 * every process (sign-out, a password reset, an account change: docs/decisions/053); the lifetime
 * only bounds what a process that died between a commit and its notification could leave behind.
 */
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

/** Whether the request carries a session cookie at all: without one it is nobody's, with no lookup. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return Boolean(request.cookies?.[SESSION_COOKIE]);
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
    // Sessions are kept per process, on the embedded database and on a PostgreSQL server alike: every
    // change that ends or alters one emits an event that reaches every process (docs/decisions/053),
    // so a signed-in artist's repeat calls cost no session query. While this process may be missing
    // other processes' events (its listening connection is down) it asks the database every time.
    const cache = new TtlCache<string, SessionUser | null>(SESSION_CACHE_MS, 10_000);
    const setHint = (reply: FastifyReply) =>
      reply.setCookie(SESSION_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: SESSION_TTL_MS / 1000 });
    const lookup = (idHash: string) => findSessionUser(db(), idHash).then((user) => user ?? null);
    const forgetUser = (userId: string) => cache.deleteWhere((user) => user?.id === userId);
    app.decorateRequest('sessionUserPromise', undefined);
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      if (!this.sessionUserPromise) {
        // No cookies when an earlier onRequest hook (the same-origin rule) already refused the request.
        const token = this.cookies?.[SESSION_COOKIE];
        if (!token) this.sessionUserPromise = Promise.resolve(null);
        else {
          const idHash = hashToken(token);
          this.sessionUserPromise = app.events.synced ? cache.get(idHash, () => lookup(idHash)) : lookup(idHash);
        }
      }
      return this.sessionUserPromise;
    });

    app.decorate('sessions', {
      /** A fresh random id at every sign-in: a session id planted before sign-in is never promoted. */
      async start(reply: FastifyReply, userId: string) {
        const previous = reply.request.cookies[SESSION_COOKIE];
        if (previous) {
          const ended = await deleteSession(db(), hashToken(previous));
          cache.invalidate(hashToken(previous));
          if (ended) app.events.emit('session.ended', { userId: ended });
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
        setHint(reply);
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        const token = request.cookies[SESSION_COOKIE];
        if (token) {
          const ended = await deleteSession(db(), hashToken(token));
          cache.invalidate(hashToken(token));
          // Every process drops it before this answer leaves (the onSend hook waits for the relay).
          if (ended) app.events.emit('session.ended', { userId: ended });
        }
        reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
        reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'lax', secure, path: '/' });
      },
    });
    // The readable hint follows the session cookie (common/src/session-hint.ts). Sessions begun
    // before the hint existed get it on their next answer, the page's HTML included, before its
    // script reads it; a hint left without its session cookie goes. start() and end() set it last.
    app.addHook('onRequest', async (request, reply) => {
      const session = Boolean(request.cookies?.[SESSION_COOKIE]);
      const hint = Boolean(request.cookies?.[SESSION_HINT_COOKIE]);
      if (session && !hint) setHint(reply);
      else if (!session && hint) reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'lax', secure, path: '/' });
    });
    // A cached session carries the user (name, slug, photo) and may outlive the session itself (a
    // password reset ends them all): a change to an account drops that user's cached sessions.
    app.events.on('user.changed', ({ userId }) => forgetUser(userId));
    app.events.on('session.ended', ({ userId }) => forgetUser(userId));
    app.events.on('events.resync', () => cache.clear());
  },
  { name: 'session', dependencies: ['database'] },
);
