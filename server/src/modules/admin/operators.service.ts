import type { Db } from '../../db/client';
import { appendAudit, deleteOperator, findAccess, findUserByEmail, insertOperator, listOperators, type OperatorAccess } from './admin.repo';

/** The operator acting: who the audit log names. */
export interface Actor {
  id: string;
  email: string;
}

/** A refusal of `npm run admin` (the command prints it). */
export class OperatorError extends Error {}

/**
 * Who is an operator (issue 21, docs/decisions/051): granted and revoked from the command line
 * only, each change in the audit log; and the console guard's read of an operator's access.
 */
export class Operators {
  constructor(private readonly deps: { db: () => Db }) {}

  private get db() {
    return this.deps.db();
  }

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

  list() {
    return listOperators(this.db);
  }

  /** Whether this user is an operator, enrolled, and verified in this session lately: what the console's guard decides on. */
  access(userId: string, sessionIdHash: string): Promise<OperatorAccess | undefined> {
    return findAccess(this.db, userId, sessionIdHash);
  }
}
