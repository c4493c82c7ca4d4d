import { renderSVG } from 'uqr';
import { RECOVERY_CODE_COUNT, type AdminStatus, type EnrolmentDone, type EnrolmentStart } from '#common/schemas/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AttemptStore } from '../limits';
import {
  appendAudit,
  confirmEnrolment,
  countRecoveryCodesLeft,
  findSecrets,
  findUnsealedSecrets,
  insertRecoveryCodes,
  markVerified,
  replaceSecret,
  setPendingSecret,
  takeStep,
  useRecoveryCode,
  type OperatorAccess,
} from './admin.repo';
import type { Actor } from './operators.service';
import { SEALED_PREFIX, SecretBox } from './secret-box';
import { hashRecoveryCode, matchTotp, newRecoveryCode, newTotpSecret, otpauthUrl } from './totp';

/** Attempts at a code (enrolment or verification) per operator in VERIFY_WINDOW_MS, on every process together. */
export const VERIFY_MAX_ATTEMPTS = 5;
export const VERIFY_WINDOW_MS = 15 * 60 * 1000;

/**
 * An operator's second factor (issue 21, docs/decisions/051 and 059): enrolling an authenticator
 * app (TOTP, sealed at rest), its recovery codes, and the verification that opens the console to
 * this session for 12 hours. The codes themselves are totp.ts's.
 */
export class SecondFactor {
  constructor(
    private readonly deps: {
      db: () => Db;
      attempts?: AttemptStore;
      now?: () => number;
      /** Seals the TOTP secrets (decision 059); the command line, which never reads them, has none. */
      secretBox?: SecretBox;
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

  private get db() {
    return this.deps.db();
  }

  private now() {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /**
   * Seals the secrets stored before encryption (decision 051 kept base32): at every start, on any
   * process; a value changed meanwhile by another is left to it. Answers how many were sealed.
   */
  async sealStoredSecrets(): Promise<number> {
    let sealed = 0;
    for (const row of await findUnsealedSecrets(this.db, SEALED_PREFIX)) {
      const context = SecondFactor.context(row.userId);
      for (const column of ['totpSecret', 'pendingSecret'] as const) {
        const plain = row[column];
        if (plain && !SecretBox.isSealed(plain) && (await replaceSecret(this.db, row.userId, column, plain, this.box.seal(plain, context)))) sealed++;
      }
    }
    return sealed;
  }

  /** The operator's own status (the console's header): enrolled, verified until when, recovery codes left. */
  async status(actor: Actor, access: OperatorAccess): Promise<AdminStatus> {
    return {
      email: actor.email,
      enrolled: access.enrolled,
      verifiedUntil: access.fresh && access.verifiedUntil ? access.verifiedUntil.toISOString() : null,
      recoveryCodesLeft: access.enrolled ? await countRecoveryCodesLeft(this.db, actor.id) : 0,
    };
  }

  /** A new secret to scan, shown this once; starting again replaces it. */
  async startEnrolment(actor: Actor): Promise<EnrolmentStart> {
    const secret = newTotpSecret();
    if (!(await setPendingSecret(this.db, actor.id, this.box.seal(secret, SecondFactor.context(actor.id))))) throw new AppError('admin.already-enrolled');
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
    const context = SecondFactor.context(actor.id);
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
        const step = matchTotp(this.box.open(secrets.totpSecret!, SecondFactor.context(actor.id)), input.code, this.now());
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
}
