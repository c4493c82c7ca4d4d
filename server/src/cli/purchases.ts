/**
 * npm run purchases -- revoke <reference>
 * npm run purchases -- refund <reference> [--amount KES] [--note TEXT]
 * npm run purchases -- refunds [<reference>]
 *
 * The operator's purchases (docs/decisions/031, issue 16). The reference is the order's
 * (`sauti-...`, shown on the receipt and in Paystack's dashboard).
 * - `revoke` revokes the download links e-mailed for one order (a dispute, a link shared too widely).
 * - `refund` refunds an order through the payments provider (Paystack's POST /refund, or the
 *   simulated provider): all the buyer paid, or `--amount` in KES (`250`, `99.50`, `1,500`), never
 *   more. Once the provider reports it processed (its refund.* webhook, or this command's own check)
 *   the sale shows 'refunded', the buyer's downloads are refused, and the ledger takes the refunded
 *   part of the artist's share (from their next M-Pesa payout if already paid out). Refused with
 *   nothing changed: an unknown reference, an order not paid or already refunded, a refund under
 *   way, an amount <= 0 or above what was paid.
 * - `refunds` lists refunds and their state (pending, processing, processed, failed,
 *   needs-attention), after asking the provider about the open ones of `<reference>` if given.
 * `revoke` needs only the database; `refund` and `refunds` start the app without listening (they
 * need the provider), so with the embedded database they need the DATA_DIR to itself.
 * Exit codes: 0 done, 1 refused (with the reason), 2 wrong usage.
 */
import type { FastifyInstance } from 'fastify';
import { parseKesToMinor } from '#common/money';
import { AppError, ERRORS } from '../lib/errors';
import { SimulatedProvider } from '../modules/payment-provider';
import { revokeLinksOf } from '../modules/payments';
import { buildCliApp, CliError, kes, loadCliConfig, openCliDatabase, parseCliArgs, runCli } from './cli-support';

const USAGE = `Usage:
  npm run purchases -- revoke <reference>                            revoke the e-mailed download links of an order
  npm run purchases -- refund <reference> [--amount KES] [--note T]  refund an order (default: all the buyer paid)
  npm run purchases -- refunds [<reference>]                         list refunds and their state (checks <reference>'s with the provider)`;

type Command = { command: 'revoke'; reference: string } | { command: 'refund'; reference: string; amount?: number; note?: string } | { command: 'refunds'; reference?: string };

export function parseCommand(argv: string[]): Command {
  const parsed = parseCliArgs({ args: argv, allowPositionals: true, options: { amount: { type: 'string' }, note: { type: 'string' } } }, USAGE, { positionals: 2 });
  const [command, reference] = parsed.positionals;
  const { amount, note } = parsed.values;
  if ((amount !== undefined || note !== undefined) && command !== 'refund') throw new CliError(`--amount and --note go with refund.\n${USAGE}`, 2);
  if (command === 'refunds') return { command, reference };
  if (!reference) throw new CliError(USAGE, 2);
  if (command === 'revoke') return { command, reference };
  if (command !== 'refund') throw new CliError(`Unknown command "${command}".\n${USAGE}`, 2);
  if (amount === undefined) return { command, reference, note };
  const price = parseKesToMinor(amount);
  if (!price.ok || amount.trim() === '') throw new CliError(`--amount must be an amount in KES such as 250 or 99.50, not "${amount}".`, 2);
  return { command, reference, amount: price.minor, note };
}

async function withApp(work: (app: FastifyInstance) => Promise<void>) {
  const config = loadCliConfig();
  const app = await buildCliApp(config, 'npm run purchases');
  try {
    await work(app);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message || ERRORS[error.code].message);
    throw error;
  } finally {
    await app.close();
  }
}

async function refund(app: FastifyInstance, reference: string, amount: number | undefined, note: string | undefined) {
  const outcome = await app.refunds.refund(reference, { amount, note });
  console.log(`Refund of ${kes(outcome.amount)} for order ${reference} asked: ${outcome.status}.`);
  const provider = app.paymentsProvider;
  if (provider instanceof SimulatedProvider) {
    // The simulated refund settles at once, and its webhooks wait for a server's job queue: the
    // provider's word is read here instead, as the webhook's job would.
    await provider.idle();
  }
  const [now] = (await app.refunds.check(reference)).filter((row) => row.id === outcome.id);
  const status = now?.status ?? outcome.status;
  if (status === 'processed') console.log(`Processed: order ${reference} is refunded, its downloads refused, the artist's share taken back.`);
  else if (status === 'failed' || status === 'needs-attention') {
    throw new CliError(`The refund is ${status}${now?.providerMessage ? ` (${now.providerMessage})` : ''}; the sale stays paid. See Paystack's dashboard.`);
  } else console.log(`The refund is ${status}: the sale changes when the provider reports it processed (npm run purchases -- refunds ${reference}).`);
}

async function list(app: FastifyInstance, reference: string | undefined) {
  if (reference) await app.refunds.check(reference);
  const rows = (await app.refunds.list()).filter((row) => !reference || row.reference === reference);
  if (rows.length === 0) return console.log(reference ? `No refunds of ${reference}.` : 'No refunds yet.');
  for (const row of rows) {
    console.log(
      `${row.createdAt.toISOString()}  ${row.status.padEnd(15)}  ${row.reference}  ${row.itemName}: ${kes(row.amount)} of ${kes(row.orderAmount)} to ${row.email} (order ${row.orderStatus})` +
        (row.providerMessage ? `\n    provider: ${row.providerMessage}` : ''),
    );
  }
}

runCli(async () => {
  const args = parseCommand(process.argv.slice(2));
  if (args.command === 'refund') return withApp((app) => refund(app, args.reference, args.amount, args.note));
  if (args.command === 'refunds') return withApp((app) => list(app, args.reference));
  const { database, close } = await openCliDatabase(loadCliConfig(), 'npm run purchases');
  try {
    const result = await revokeLinksOf(database.db, args.reference);
    if (!result) throw new CliError(`No order has the reference "${args.reference}".`);
    console.log(`Order ${args.reference} (${result.status}): ${result.revoked} download link${result.revoked === 1 ? '' : 's'} revoked.`);
  } finally {
    await close();
  }
});
