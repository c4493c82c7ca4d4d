/**
 * npm run admin -- grant <email> | revoke <email> | list
 *
 * The store's operators (issue 21, docs/decisions/051). `grant` makes an existing account an
 * operator: at /admin they enrol an authenticator app (TOTP) before the console opens. `revoke`
 * ends it, with the second factor, recovery codes and verified sessions. Both write the audit log.
 * Works on the database the server uses (DATABASE_URL, beside running servers: the next console
 * request sees the change; else the embedded one under DATA_DIR, which refuses while a server runs
 * on it). Exit codes: 0 done, 1 refused (unknown account), 2 wrong usage.
 */
import { AdminService, OperatorError } from '../modules/admin';
import { CliError, loadCliConfig, openCliDatabase, parseCliArgs, runCli } from './cli-support';

const USAGE = `Usage:
  npm run admin -- list
  npm run admin -- grant <email>    make the account of <email> an operator (it enrols a second factor at /admin)
  npm run admin -- revoke <email>   end it`;

type Command = { command: 'list' } | { command: 'grant' | 'revoke'; email: string };

export function parseCommand(argv: string[]): Command {
  const [command, email] = parseCliArgs({ args: argv, allowPositionals: true }, USAGE, { positionals: 2 }).positionals;
  if (command === 'list' && email === undefined) return { command };
  if ((command === 'grant' || command === 'revoke') && email !== undefined) {
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new CliError(`"${email}" is not an e-mail address.\n${USAGE}`, 2);
    return { command, email };
  }
  throw new CliError(command && !['list', 'grant', 'revoke'].includes(command) ? `Unknown command "${command}".\n${USAGE}` : USAGE, 2);
}

runCli(async () => {
  const args = parseCommand(process.argv.slice(2));
  const { database, close } = await openCliDatabase(loadCliConfig(), 'npm run admin');
  try {
    const admin = new AdminService({ db: () => database.db });
    if (args.command === 'list') {
      const rows = await admin.listOperators();
      if (rows.length === 0) return console.log('No operators yet.');
      for (const row of rows) {
        console.log(`${row.email}  granted ${row.grantedAt.toISOString()}  ${row.enrolledAt ? `second factor since ${row.enrolledAt.toISOString()}` : 'second factor not set up yet'}`);
      }
      return;
    }
    try {
      if (args.command === 'grant') {
        const outcome = await admin.grant(args.email);
        console.log(outcome === 'granted' ? `${args.email} is an operator: they set up their authenticator app at /admin.` : `${args.email} is already an operator.`);
      } else {
        const outcome = await admin.revoke(args.email);
        console.log(outcome === 'revoked' ? `${args.email} is no longer an operator.` : `${args.email} was not an operator.`);
      }
    } catch (error) {
      if (error instanceof OperatorError) throw new CliError(error.message);
      throw error;
    }
  } finally {
    await close();
  }
});
