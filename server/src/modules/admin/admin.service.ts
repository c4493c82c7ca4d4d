import { renderSVG } from 'uqr';
import { RECOVERY_CODE_COUNT, type AdminStatus, type AuditPage, type EnrolmentDone, type EnrolmentStart } from '#common/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AttemptStore } from '../limits';
import { EditorsPicks, PicksError, type PickRow, type PicksAnnouncer } from '../discovery';
import {
  appendAudit,
  confirmEnrolment,
  countRecoveryCodesLeft,
  deleteOperator,
  findAccess,
  findSecrets,
  findUnsealedSecrets,
  findUserByEmail,
  insertOperator,
  insertRecoveryCodes,
  listAudit,
  listOperators,
  markVerified,
  replaceSecret,
  searchTracks,
  setPendingSecret,
  takeStep,
  useRecoveryCode,
  type AuditInput,
  type OperatorAccess,
} from './admin.repo';
import { SEALED_PREFIX, SecretBox } from './secret-box';
import { hashRecoveryCode, matchTotp, newRecoveryCode, newTotpSecret, otpauthUrl } from './totp';

/** Attempts at a code (enrolment or verification) per operator in VERIFY_WINDOW_MS, on every process together. */
export const VERIFY_MAX_ATTEMPTS = 5;
export const VERIFY_WINDOW_MS = 15 * 60 * 1000;

/** The operator acting: who the audit log names. */
export interface Actor {
  id: string;
  email: string;
}

/** A refusal of `npm run admin` (the command prints it). */
export class OperatorError extends Error {}

/**
 * Operators, their second factor and the audit log (issue 21, docs/decisions/051). Every console
 * action writes its audit entry in the transaction of the action itself.
 */
export class AdminService {
  constructor(
    private readonly deps: {
      db: () => Db;
      attempts?: AttemptStore;
      now?: () => number;
      /** Seals the TOTP secrets (decision 059); the command line, which never reads them, has none. */
      secretBox?: SecretBox;
      /** Tells every process the editor's picks changed (the server's event bus); the command line, which never changes them, has none. */
      announcePicks?: PicksAnnouncer;
    },
  ) {}

  private get box(): SecretBox {
    if (!this.deps.secretBox) throw new Error('AdminService: no secret box to seal TOTP secrets with');
    return this.deps.secretBox;
  }

  /** The associated data of an operator's sealed secrets: their own row only. */
  private static context(userId: string) {
    return `operators:${userId}`;
  }

  /**
   * Seals the secrets stored before encryption (decision 051 kept base32): at every start, on any
   * process; a value changed meanwhile by another is left to it. Answers how many were sealed.
   */
  async sealStoredSecrets(): Promise<number> {
    let sealed = 0;
    for (const row of await findUnsealedSecrets(this.db, SEALED_PREFIX)) {
      const context = AdminService.context(row.userId);
      for (const column of ['totpSecret', 'pendingSecret'] as const) {
        const plain = row[column];
        if (plain && !SecretBox.isSealed(plain) && (await replaceSecret(this.db, row.userId, column, plain, this.box.seal(plain, context)))) sealed++;
      }
    }
    return sealed;
  }

  private get db() {
    return this.deps.db();
  }

  private now() {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  // --- The command line -------------------------------------------------------------------

  async grant(email: string): Promise<'granted' | 'already'> {
    return this.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) throw new OperatorError(`No account has the e-mail ${email.trim().toLowerCase()}: the person signs up first.`);
      if (!(await insertOperator(tx, user.id))) return 'already';
      await appendAudit(tx, { actorId: null, actorEmail: null, action: 'operator.grant', targetType: 'user', targetId: user.id, details: { email: user.email } });
      return 'granted';
    });
  }

  async revoke(email: string): Promise<'revoked' | 'not-an-operator'> {
    return this.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) throw new OperatorError(`No account has the e-mail ${email.trim().toLowerCase()}.`);
      // Its second factor, recovery codes and verified sessions go with it (cascade).
      if (!(await deleteOperator(tx, user.id))) return 'not-an-operator';
      await appendAudit(tx, { actorId: null, actorEmail: null, action: 'operator.revoke', targetType: 'user', targetId: user.id, details: { email: user.email } });
      return 'revoked';
    });
  }

  listOperators() {
    return listOperators(this.db);
  }

  // --- Access ------------------------------------------------------------------------------

  access(userId: string, sessionIdHash: string): Promise<OperatorAccess | undefined> {
    return findAccess(this.db, userId, sessionIdHash);
  }

  async status(actor: Actor, access: OperatorAccess): Promise<AdminStatus> {
    return {
      email: actor.email,
      enrolled: access.enrolled,
      verifiedUntil: access.fresh && access.verifiedUntil ? access.verifiedUntil.toISOString() : null,
      recoveryCodesLeft: access.enrolled ? await countRecoveryCodesLeft(this.db, actor.id) : 0,
    };
  }

  // --- The second factor -------------------------------------------------------------------

  /** A new secret to scan, shown this once; starting again replaces it. */
  async startEnrolment(actor: Actor): Promise<EnrolmentStart> {
    const secret = newTotpSecret();
    if (!(await setPendingSecret(this.db, actor.id, this.box.seal(secret, AdminService.context(actor.id))))) throw new AppError('admin.already-enrolled');
    const url = otpauthUrl(secret, actor.email);
    const svg = renderSVG(url, { ecc: 'M', border: 2, pixelSize: 6 });
    return { secret, otpauthUrl: url, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  private async countAttempt(actor: Actor) {
    if (!this.deps.attempts) return;
    const { count } = await this.deps.attempts.hit(`admin.verify:${actor.id}`, VERIFY_WINDOW_MS);
    if (count > VERIFY_MAX_ATTEMPTS) throw new AppError('request.too-many');
  }

  private async clearAttempts(actor: Actor) {
    await this.deps.attempts?.reset(`admin.verify:${actor.id}`);
  }

  /** A code from the scanned secret enrols it: ten recovery codes are made (shown this once) and the session is verified. */
  async confirmEnrolment(actor: Actor, sessionIdHash: string, code: string): Promise<EnrolmentDone> {
    await this.countAttempt(actor);
    const secrets = await findSecrets(this.db, actor.id);
    if (secrets?.totpSecret) throw new AppError('admin.already-enrolled');
    if (!secrets?.pendingSecret) throw new AppError('admin.enrolment-not-started');
    const context = AdminService.context(actor.id);
    const pending = this.box.open(secrets.pendingSecret, context);
    const step = matchTotp(pending, code, this.now());
    if (step === null) throw new AppError('admin.code-invalid');
    // The stored pending value (sealed) becomes the secret; one stored before encryption is sealed now.
    const sealed = SecretBox.isSealed(secrets.pendingSecret) ? secrets.pendingSecret : this.box.seal(pending, context);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const verifiedUntil = await this.db.transaction(async (tx) => {
      if (!(await confirmEnrolment(tx, actor.id, secrets.pendingSecret!, step, sealed))) throw new AppError('admin.enrolment-not-started');
      await insertRecoveryCodes(tx, actor.id, recoveryCodes.map(hashRecoveryCode));
      await appendAudit(tx, { actorId: actor.id, actorEmail: actor.email, action: 'operator.enrol', targetType: 'user', targetId: actor.id });
      return markVerified(tx, sessionIdHash, actor.id);
    });
    await this.clearAttempts(actor);
    return { recoveryCodes, verifiedUntil: verifiedUntil.toISOString() };
  }

  /** A code from the app (each good once) or an unused recovery code: this session may act for 12 hours. */
  async verify(actor: Actor, sessionIdHash: string, input: { code: string } | { recoveryCode: string }) {
    await this.countAttempt(actor);
    const secrets = await findSecrets(this.db, actor.id);
    if (!secrets?.totpSecret) throw new AppError('admin.not-enrolled');
    const verifiedUntil = await this.db.transaction(async (tx) => {
      let method: 'totp' | 'recovery-code';
      if ('code' in input) {
        const step = matchTotp(this.box.open(secrets.totpSecret!, AdminService.context(actor.id)), input.code, this.now());
        // A replayed code (its step already taken, here or on another process) is refused like a wrong one.
        if (step === null || !(await takeStep(tx, actor.id, step))) throw new AppError('admin.code-invalid');
        method = 'totp';
      } else {
        if (!(await useRecoveryCode(tx, actor.id, hashRecoveryCode(input.recoveryCode)))) throw new AppError('admin.code-invalid');
        method = 'recovery-code';
      }
      await appendAudit(tx, { actorId: actor.id, actorEmail: actor.email, action: 'operator.verify', targetType: 'user', targetId: actor.id, details: { method } });
      return markVerified(tx, sessionIdHash, actor.id);
    });
    await this.clearAttempts(actor);
    return { verifiedUntil: verifiedUntil.toISOString(), recoveryCodesLeft: await countRecoveryCodesLeft(this.db, actor.id) };
  }

  // --- Console actions ---------------------------------------------------------------------

  /** The picks, writing each change's audit entry in the change's transaction; the picks announce it themselves. */
  private get editorsPicks(): EditorsPicks {
    if (!this.deps.announcePicks) throw new Error('AdminService: no announcer for the editor’s picks');
    return new EditorsPicks(this.db, this.deps.announcePicks);
  }

  /** A console action's audit entry, written by the action in its own transaction: both or neither. */
  private auditEntry(actor: Actor, entry: Omit<AuditInput, 'actorId' | 'actorEmail'>) {
    return (tx: DbOrTx) => appendAudit(tx, { ...entry, actorId: actor.id, actorEmail: actor.email });
  }

  listPicks(): Promise<PickRow[]> {
    return new EditorsPicks(this.db, () => undefined).list();
  }

  addPick(actor: Actor, trackId: string, position: number | undefined, reason?: string) {
    const record = this.auditEntry(actor, { action: 'pick.add', targetType: 'track', targetId: trackId, reason, details: position ? { position } : {} });
    return this.picks(() => this.editorsPicks.add(trackId, position, record));
  }

  movePick(actor: Actor, trackId: string, position: number, reason?: string) {
    const record = this.auditEntry(actor, { action: 'pick.move', targetType: 'track', targetId: trackId, reason, details: { position } });
    return this.picks(() => this.editorsPicks.move(trackId, position, record));
  }

  removePick(actor: Actor, trackId: string, reason?: string) {
    const record = this.auditEntry(actor, { action: 'pick.remove', targetType: 'track', targetId: trackId, reason });
    return this.picks(() => this.editorsPicks.remove(trackId, record));
  }

  private async picks(change: () => Promise<PickRow[]>): Promise<PickRow[]> {
    try {
      return await change();
    } catch (error) {
      if (error instanceof PicksError) throw new AppError('admin.pick-refused', error.message.replace(/^--position/, 'The position'));
      throw error;
    }
  }

  searchTracks(q: string) {
    return searchTracks(this.db, q);
  }

  async audit(before: number | undefined, limit: number): Promise<AuditPage> {
    const rows = await listAudit(this.db, before, limit + 1);
    const page = rows.slice(0, limit);
    return {
      entries: page.map((row) => ({
        id: String(row.id),
        at: row.at.toISOString(),
        actorEmail: row.actorEmail,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        reason: row.reason,
        details: row.details,
      })),
      nextBefore: rows.length > limit ? String(page[page.length - 1]!.id) : null,
    };
  }
}
