import type { Language } from '#common/i18n/language';
import { AUTH_SERVER_MESSAGES, DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '#common/schemas/auth';
import { toSlug } from '#common/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { EventBus } from '../../lib/events';
import { AppError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import type { JobQueue } from '../jobs';
import type { AttemptStore } from '../limits';
import type { Mailer } from '../mail';
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from '../mail';
import { consumeEmailToken, insertEmailToken, revokeEmailTokens, type TokenPurpose } from './email-tokens.repo';
import type { PasswordHasher } from './password-hasher';
import { deleteUserSessions } from './sessions.repo';
import {
  findUserByEmail,
  findUserById,
  findUserBySlug,
  insertUser,
  markEmailVerified,
  slugTaken,
  takenSlugs,
  updatePasswordHash,
  updateUserLanguage,
  type UserRow,
} from './users.repo';

export { AUTH_SERVER_MESSAGES };

/** At most this many free display names are suggested when the one asked for is taken. */
export const MAX_NAME_SUGGESTIONS = 3;
const NAME_SUFFIXES = ['Music', 'KE', '254', 'Official', 'Live', 'Sounds', 'Kenya', 'Beats'] as const;

/**
 * Display names to suggest in place of a taken one, best first: the name with a suffix, the name
 * shortened when needed to stay within the length limit, each valid under the display-name rules
 * (not reserved) and with a slug of its own. Whether they are free is the caller's question.
 */
export function displayNameCandidates(displayName: string): string[] {
  const base = displayName.trim();
  const takenSlug = toSlug(base);
  const seen = new Set<string>([takenSlug]);
  const candidates: string[] = [];
  for (const suffix of NAME_SUFFIXES) {
    // Shortened by whole code points (an emoji is never cut in half) until the suffix fits.
    const room = DISPLAY_NAME_MAX_LENGTH - suffix.length - 1;
    const points = Array.from(base);
    while (points.join('').length > room) points.pop();
    const parsed = displayNameSchema.safeParse(`${points.join('').trimEnd()} ${suffix}`);
    if (!parsed.success) continue;
    const slug = toSlug(parsed.data);
    if (seen.has(slug)) continue;
    seen.add(slug);
    candidates.push(parsed.data);
  }
  return candidates;
}

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

const JOBS = {
  existingRegistration: 'auth.existing-registration',
  resendVerification: 'auth.resend-verification',
  passwordReset: 'auth.password-reset',
} as const;

export interface AuthLimits {
  /** Attempts per e-mail address per window (the per-address limits are the routes'). */
  loginPerEmail: number;
  mailPerEmail: number;
  windowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { loginPerEmail: 10, mailPerEmail: 5, windowMs: 15 * 60 * 1000 };

interface Deps {
  db: Db;
  hasher: PasswordHasher;
  mailer: Mailer;
  jobs: JobQueue;
  attempts: AttemptStore;
  events: EventBus;
  publicUrl: string;
  limits: AuthLimits;
}

/**
 * Accounts: registration, sign-in, e-mail verification and password reset. Nothing here tells a
 * caller whether an e-mail address has an account: not the message, not the status, and not the
 * time taken (unknown addresses cost the same hash; mail-sending lookups happen in jobs).
 */
export function createAuthService({ db, hasher, mailer, jobs, attempts, events, publicUrl, limits }: Deps) {
  // Counted in the store every process shares; the address is kept only as a hash.
  const emailKey = (purpose: 'login' | 'mail', email: string) => `${purpose}-email:${hashToken(email)}`;
  async function withinLimit(purpose: 'login' | 'mail', email: string) {
    const { count } = await attempts.hit(emailKey(purpose, email), limits.windowMs);
    if (count > (purpose === 'login' ? limits.loginPerEmail : limits.mailPerEmail)) throw new AppError('request.too-many');
  }
  const link = (pathname: string, token?: string) =>
    `${publicUrl}${pathname}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  async function issueToken(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, purpose: TokenPurpose) {
    await revokeEmailTokens(tx, userId, purpose);
    const token = randomToken();
    const ttl = purpose === 'verify-email' ? VERIFY_TTL_MS : RESET_TTL_MS;
    await insertEmailToken(tx, { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) });
    return token;
  }

  async function sendVerification(user: UserRow) {
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'verify-email');
      await mailer.enqueue(verificationMail(user.email, user.displayName, link('/verify-email', token), user.language), { tx });
    });
  }

  jobs.register<{ userId: string }>(JOBS.existingRegistration, async ({ userId }) => {
    const user = await findUserById(db, userId);
    if (!user) return;
    if (!user.emailVerifiedAt) return sendVerification(user);
    await mailer.enqueue(alreadyRegisteredMail(user.email, user.displayName, link('/auth'), user.language));
  });

  jobs.register<{ email: string }>(JOBS.resendVerification, async ({ email }) => {
    const user = await findUserByEmail(db, email);
    if (user && !user.emailVerifiedAt) await sendVerification(user);
  });

  jobs.register<{ email: string }>(JOBS.passwordReset, async ({ email }) => {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'reset-password');
      await mailer.enqueue(passwordResetMail(user.email, user.displayName, link('/reset-password', token), user.language), { tx });
    });
  });

  const limitMail = (email: string) => withinLimit('mail', email);

  /** 409 "taken", with up to three free names to pick instead (`suggestions`, possibly empty). */
  async function displayNameTaken(displayName: string) {
    const candidates = displayNameCandidates(displayName);
    const taken = await takenSlugs(db, candidates.map(toSlug));
    const suggestions = candidates.filter((name) => !taken.has(toSlug(name))).slice(0, MAX_NAME_SUGGESTIONS);
    return new AppError('auth.display-name-taken', undefined, { suggestions });
  }

  return {
    /** A signed-in person switched language: their e-mails follow from now on (decision 063). */
    async setLanguage(userId: string, language: Language) {
      await updateUserLanguage(db, userId, language);
    },

    /** `language`: the one the person signs up in (decision 056); their e-mails are written in it. */
    async register(input: { email: string; password: string; displayName: string; language: Language }) {
      await limitMail(input.email);
      // Hashed before anything is looked up, so a known address costs exactly what a new one does.
      const passwordHash = await hasher.hash(input.password);
      const displaySlug = toSlug(input.displayName);
      // The display name is public anyway; checking it first keeps the e-mail's fate unobservable.
      // Someone's previous slug is taken too: /{oldName} must keep leading to the artist who renamed.
      if (await slugTaken(db, displaySlug)) {
        // Signing up again before verifying (the first mail lost, the link expired) is a resend,
        // but only for the one who proves it: the name's owner's address, still unverified, and
        // its password. Anything else is "taken", so the answer never tells whether an address
        // owns a name; and one password check is spent on every path, so neither does the time.
        const owner = await findUserBySlug(db, displaySlug);
        const claimant = owner && owner.email === input.email && !owner.emailVerifiedAt ? owner : undefined;
        const proven = claimant
          ? await hasher.verify(claimant.passwordHash, input.password)
          : await hasher.verifyAgainstNothing(input.password);
        if (!claimant || !proven) throw await displayNameTaken(input.displayName);
        await jobs.enqueue(JOBS.existingRegistration, { userId: claimant.id });
        return;
      }
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        await jobs.enqueue(JOBS.existingRegistration, { userId: existing.id });
        return;
      }
      try {
        await db.transaction(async (tx) => {
          const user = await insertUser(tx, { email: input.email, passwordHash, displayName: input.displayName, displaySlug, language: input.language });
          const token = await issueToken(tx, user.id, 'verify-email');
          await mailer.enqueue(verificationMail(user.email, user.displayName, link('/verify-email', token), user.language), { tx });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_display_slug_unique')) throw await displayNameTaken(input.displayName);
        // The same address registering twice at once: the loser is answered like any known address.
        if (isUniqueViolation(error, 'users_email_unique')) return;
        throw error;
      }
    },

    /** The verified account for these credentials (the route then starts its session). */
    async login(input: { email: string; password: string }): Promise<UserRow> {
      await withinLimit('login', input.email);
      const user = await findUserByEmail(db, input.email);
      const valid = user
        ? await hasher.verify(user.passwordHash, input.password)
        : await hasher.verifyAgainstNothing(input.password);
      if (!user || !valid) throw new AppError('auth.invalid-credentials');
      if (!user.emailVerifiedAt) throw new AppError('auth.unverified', undefined, { requiresEmailVerification: true });
      await attempts.reset(emailKey('login', input.email));
      return user;
    },

    /**
     * Marks the address verified and answers the account's id (the route signs it in). A refused
     * link opened by someone signed in to a verified account (a second tap on the link) is told
     * so, with where to go (`alreadyVerified`, `redirectTo`), rather than "invalid".
     */
    async verifyEmail(token: string, signedInUserId?: () => Promise<string | undefined>): Promise<string> {
      const userId = await db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, 'verify-email', hashToken(token));
        if (!used) return undefined;
        await markEmailVerified(tx, used.userId);
        return used.userId;
      });
      if (userId) return userId;
      const signedIn = await signedInUserId?.();
      const account = signedIn ? await findUserById(db, signedIn) : undefined;
      if (account?.emailVerifiedAt) {
        throw new AppError('auth.verification-link-invalid', AUTH_SERVER_MESSAGES.alreadyVerified, {
          alreadyVerified: true,
          redirectTo: '/dashboard',
        });
      }
      throw new AppError('auth.verification-link-invalid');
    },

    async resendVerification(email: string) {
      await limitMail(email);
      await jobs.enqueue(JOBS.resendVerification, { email });
    },

    async requestPasswordReset(email: string) {
      await limitMail(email);
      await jobs.enqueue(JOBS.passwordReset, { email });
    },

    /** Sets the new password and signs the account out everywhere. */
    async resetPassword(token: string, newPassword: string) {
      const passwordHash = await hasher.hash(newPassword);
      const userId = await db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, 'reset-password', hashToken(token));
        if (!used) return undefined;
        await updatePasswordHash(tx, used.userId, passwordHash);
        // Following the mailed link proves the mailbox, as verification would.
        await markEmailVerified(tx, used.userId);
        await deleteUserSessions(tx, used.userId);
        return used.userId;
      });
      if (!userId) throw new AppError('auth.reset-link-invalid');
      events.emit('user.changed', { userId, sessionsEnded: true });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
