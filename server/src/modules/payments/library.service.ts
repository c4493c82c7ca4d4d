import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';
import type { FastifyBaseLogger } from 'fastify';
import type { Library, LibraryItem } from '#common/schemas/library';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import type { AttemptStore } from '../limits';
import { librarySignInMail, type Mailer } from '../mail';
import {
  deleteLibrarySession,
  insertLibraryLink,
  insertLibrarySession,
  librarySessionEmail,
  paidOrdersOfEmail,
  purgeExpiredLibraryRows,
  useLibraryLink,
} from './library.repo';

export const LIBRARY_LINK_TTL_MS = 15 * 60 * 1000;
export const LIBRARY_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sign-in links mailed to one address per window, whoever asks: an inbox is not flooded. */
export const LIBRARY_LINK_LIMIT = { max: 3, windowMs: 15 * 60 * 1000 } as const;

/** The shape of our random tokens (randomToken: 32 bytes, base64url). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface Deps {
  db: () => Db;
  mailer: Mailer;
  attempts: AttemptStore;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * A fan's library, no password (issue 17, docs/decisions/038): an address proves itself by opening
 * a link mailed to it, and the browser then holds a library cookie for 30 days. The library is
 * everything paid with that address, by the owned-items rule of decision 035.
 */
export class LibraryService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db();
  }

  /**
   * POST /api/library/link: mails a sign-in link if the address has bought something, within
   * LIBRARY_LINK_LIMIT. The caller answers the same whatever happened here, so the call tells
   * nobody whether an address bought anything.
   */
  async requestLink(email: string, language: Language = DEFAULT_LANGUAGE): Promise<void> {
    const orders = await paidOrdersOfEmail(this.db, email);
    if (orders.length === 0) return;
    const { count } = await this.deps.attempts.hit(`library-link:${hashToken(email)}`, LIBRARY_LINK_LIMIT.windowMs);
    if (count > LIBRARY_LINK_LIMIT.max) {
      this.deps.log.info('library link not sent: limit for this address reached');
      return;
    }
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await insertLibraryLink(tx, hashToken(token), email, new Date(Date.now() + LIBRARY_LINK_TTL_MS));
      await this.deps.mailer.enqueue(librarySignInMail(email, `${this.deps.publicUrl}/library?token=${token}`, language), { tx });
    });
  }

  /** POST /api/library/session: uses the link once and answers the new session's key (for the cookie). */
  async openSession(token: string): Promise<{ key: string; email: string }> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('library.link-invalid');
    const key = randomToken();
    const email = await this.db.transaction(async (tx) => {
      const owner = await useLibraryLink(tx, hashToken(token));
      if (!owner) return undefined;
      await insertLibrarySession(tx, hashToken(key), owner, new Date(Date.now() + LIBRARY_SESSION_TTL_MS));
      return owner;
    });
    if (!email) throw new AppError('library.link-invalid');
    return { key, email };
  }

  /** The address a library cookie is signed in to (an unknown, expired or malformed key: none). */
  async emailOf(key: string | undefined): Promise<string | undefined> {
    if (!key || !TOKEN_SHAPE.test(key)) return undefined;
    return librarySessionEmail(this.db, hashToken(key));
  }

  /** GET /api/library: each item paid with the address once (its first purchase), newest first. */
  async library(key: string | undefined): Promise<Library> {
    const email = await this.emailOf(key);
    if (!email) throw new AppError('library.signed-out');
    const seen = new Set<string>();
    const items: LibraryItem[] = [];
    for (const order of await paidOrdersOfEmail(this.db, email)) {
      const type = order.itemType === 'album' ? 'album' : 'track';
      const id = type === 'album' ? order.albumId : order.trackId;
      if (!id || seen.has(`${type}:${id}`)) continue;
      seen.add(`${type}:${id}`);
      items.push({ type, id, name: order.itemName, artistName: order.artistName ?? '', purchasedAt: (order.paidAt ?? new Date(0)).toISOString() });
    }
    return { email, items: items.reverse() };
  }

  /** POST /api/library/sign-out: this browser's session ends (others signed in to the address stay). */
  async signOut(key: string | undefined): Promise<void> {
    if (key && TOKEN_SHAPE.test(key)) await deleteLibrarySession(this.db, hashToken(key));
  }

  async purgeExpired(): Promise<number> {
    return purgeExpiredLibraryRows(this.db);
  }
}
