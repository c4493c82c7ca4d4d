/**
 * npm run purchases -- revoke <reference>
 *
 * Revokes the download links e-mailed for one order (docs/decisions/031): after a refund or a
 * dispute, or when a buyer's link was shared. The reference is the order's (`sauti-...`, shown on
 * the receipt and in Paystack's dashboard). Works on the database the server uses; with the
 * embedded database it needs the DATA_DIR to itself. Exit codes: 0 done, 1 refused or unknown
 * reference, 2 wrong usage.
 */
import { revokeLinksOf } from '../modules/payments';
import { CliError, loadCliConfig, openCliDatabase, runCli } from './cli-support';

const USAGE = 'Usage:\n  npm run purchases -- revoke <reference>    revoke the e-mailed download links of an order';

runCli(async () => {
  const [command, reference, ...extra] = process.argv.slice(2);
  if (command === '--help' || command === '-h') return console.log(USAGE);
  if (command !== 'revoke' || !reference || extra.length > 0) throw new CliError(USAGE, 2);
  const { database, close } = await openCliDatabase(loadCliConfig(), 'npm run purchases');
  try {
    const result = await revokeLinksOf(database.db, reference);
    if (!result) throw new CliError(`No order has the reference "${reference}".`);
    console.log(`Order ${reference} (${result.status}): ${result.revoked} download link${result.revoked === 1 ? '' : 's'} revoked.`);
  } finally {
    await close();
  }
});
