import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';

/**
 * The store's operators (issue 21, docs/decisions/051): granted and revoked with `npm run admin`.
 * The console opens once the operator has enrolled a TOTP second factor. The secret is never
 * answered again after enrolment and never logged.
 */
export const operators = pgTable('operators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Base32 secret offered by the enrolment, until a code from it confirms it. */
  pendingSecret: text('pending_secret'),
  /** The confirmed TOTP secret (base32), null until enrolled. */
  totpSecret: text('totp_secret'),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code is good once (replay refused). */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
});

/** Ten one-time recovery codes per enrolment, kept as SHA-256. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => operators.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A session's last second-factor verification: beside the session in the database, so every
 * process agrees; it goes with the session (sign-out, a new sign-in).
 */
export const operatorVerifications = pgTable('operator_verifications', {
  sessionIdHash: text('session_id_hash')
    .primaryKey()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => operators.userId, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every operator action, append-only: no code updates or deletes it, and a trigger refuses both
 * (migration). The actor is copied, not referenced, so the record outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the command line (`npm run admin`). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);
