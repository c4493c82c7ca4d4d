import { ConsoleAudit } from './audit.service';
import { Operators } from './operators.service';
import { ConsolePicks } from './picks.service';
import { SecondFactor } from './second-factor.service';

/** What the parts need together, each described where it is used (the command line passes the database alone). */
type AdminDeps = ConstructorParameters<typeof Operators>[0] & ConstructorParameters<typeof SecondFactor>[0] & ConstructorParameters<typeof ConsolePicks>[0];

/**
 * The operator's console (issue 21, docs/decisions/051), one service an idea: operators, their
 * second factor, the editor's picks and the audit log. Every console action writes its audit entry
 * in the transaction of the action itself. The server decorates itself with one of these (`app.admin`)
 * and the command line builds one with the database alone: a part whose dependency is missing
 * refuses only when used.
 */
export class AdminService {
  readonly operators: Operators;
  readonly secondFactor: SecondFactor;
  readonly picks: ConsolePicks;
  readonly auditLog: ConsoleAudit;

  constructor(deps: AdminDeps) {
    this.operators = new Operators(deps);
    this.secondFactor = new SecondFactor(deps);
    this.picks = new ConsolePicks(deps);
    this.auditLog = new ConsoleAudit(deps);
  }

  // What `npm run admin` and the server's start call, by the names they have always had.

  grant(email: string) {
    return this.operators.grant(email);
  }

  revoke(email: string) {
    return this.operators.revoke(email);
  }

  listOperators() {
    return this.operators.list();
  }

  sealStoredSecrets() {
    return this.secondFactor.sealStoredSecrets();
  }
}
