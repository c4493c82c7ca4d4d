/**
 * npm run payouts -- balances | list [--status pending|otp|success|failed|reversed] | run
 *
 * The operator's view of M-Pesa payouts (issue 10, docs/decisions/031): what each artist is owed,
 * the payouts with their status and failure reasons, and `run`, the scheduled payout run now. It
 * works on the database the server uses (DATABASE_URL, else the embedded one under DATA_DIR).
 * `balances` and `list` read only; with PostgreSQL they run beside running servers. `run` starts
 * the app without listening (it needs the payments provider), so it needs the DATA_DIR to itself
 * as `npm run seed` does; concurrent runs on PostgreSQL pay each balance once (a lock per artist).
 * Amounts are shown in KES. Exit codes: 0 done, 1 refused (DATA_DIR in use), 2 wrong usage.
 */
import { SimulatedProvider } from '../modules/payment-provider';
import { payoutReports, type PayoutStatus } from '../modules/payouts';
import { buildCliApp, CliError, kes, loadCliConfig, openCliDatabase, parseCliArgs, runCli } from './cli-support';

const STATUSES: PayoutStatus[] = ['pending', 'otp', 'success', 'failed', 'reversed'];

const USAGE = `Usage:
  npm run payouts -- balances                  what each artist is owed (M-Pesa), payable now and in flight
  npm run payouts -- list [--status STATUS]    payouts, newest first (STATUS: ${STATUSES.join(', ')})
  npm run payouts -- run                       the payout run now (normally every 15 minutes)`;

function parse(argv: string[]) {
  const parsed = parseCliArgs({ args: argv, allowPositionals: true, options: { status: { type: 'string' } } }, USAGE, { positionals: 1 });
  const [command] = parsed.positionals;
  const status = parsed.values.status;
  if (status !== undefined) {
    if (command !== 'list') throw new CliError(`--status goes with list.\n${USAGE}`, 2);
    if (!STATUSES.includes(status as PayoutStatus)) throw new CliError(`--status must be one of ${STATUSES.join(', ')}, not "${status}".`, 2);
  }
  if (command === 'balances' || command === 'run') return { command } as const;
  if (command === 'list') return { command, status: status as PayoutStatus | undefined } as const;
  throw new CliError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE, 2);
}

async function run() {
  const config = loadCliConfig();
  const app = await buildCliApp(config, 'npm run payouts -- run');
  try {
    const result = await app.payouts.run();
    console.log(`Payout run: ${result.created} payout${result.created === 1 ? '' : 's'} sent, ${result.reverified} pending payout${result.reverified === 1 ? '' : 's'} checked again.`);
    const provider = app.paymentsProvider;
    if (provider instanceof SimulatedProvider) {
      // The simulated transfers settle at once, and their webhooks wait for a server's job queue:
      // the provider's word is read here instead, as the webhook would.
      await provider.idle();
      for (const reference of result.references) await app.payouts.handleTransferEvent('transfer.success', reference);
    }
    const sent = new Set(result.references);
    for (const payout of (await payoutReports.payouts(app.database.db)).filter((row) => sent.has(row.reference))) {
      console.log(`  ${payout.reference}  ${payout.displayName}: ${kes(payout.amount)} (fee ${kes(payout.fee)}) to ${payout.mobileNumber}, ${payout.status}`);
    }
  } finally {
    // Waits for the provider's answers under way (the simulated provider's transfer webhooks).
    await app.close();
  }
}

runCli(async () => {
  const args = parse(process.argv.slice(2));
  if (args.command === 'run') return run();
  const config = loadCliConfig();
  const { database, close } = await openCliDatabase(config, 'npm run payouts');
  try {
    if (args.command === 'balances') {
      const rows = await payoutReports.balances(database.db);
      if (rows.length === 0) return console.log('No artist has M-Pesa sales or payouts yet.');
      console.log('Artist'.padEnd(32), 'Owed'.padStart(16), 'Payable now'.padStart(16), 'In flight'.padStart(16), ' Method');
      for (const row of rows) {
        console.log(row.displayName.slice(0, 32).padEnd(32), kes(row.owed).padStart(16), kes(row.payable).padStart(16), kes(row.inFlight).padStart(16), ` ${row.method ?? 'none'}`);
      }
      return;
    }
    const payouts = await payoutReports.payouts(database.db, args.status);
    if (payouts.length === 0) return console.log(args.status ? `No ${args.status} payouts.` : 'No payouts yet.');
    for (const payout of payouts) {
      console.log(
        `${payout.createdAt.toISOString()}  ${payout.status.padEnd(8)}  ${payout.reference}  ${payout.displayName}: ${kes(payout.amount)} (fee ${kes(payout.fee)}) to ${payout.mobileNumber}` +
          (payout.failureReason ? `\n    reason: ${payout.failureReason}` : ''),
      );
    }
  } finally {
    await close();
  }
});
