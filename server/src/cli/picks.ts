/**
 * npm run picks -- add <trackId> [--position N] | remove <trackId> | list
 *
 * The operator's tool for the landing page's Editor's Pick carousel (docs/decisions/028). It works
 * on the database the server uses (DATABASE_URL, else the embedded one under DATA_DIR). With
 * PostgreSQL it runs beside running servers, whose next request shows the change; the embedded
 * database allows one process, so there it refuses while a server runs on that DATA_DIR.
 * Exit codes: 0 done, 1 refused (unknown track, already a pick, DATA_DIR in use), 2 wrong usage.
 */
import { EditorsPicks, PicksError, type PickRow } from '../modules/discovery';
import { notifyOnce } from '../lib/event-relay';
import { CliError, loadCliConfig, openCliDatabase, parseCliArgs, runCli } from './cli-support';

const USAGE = `Usage:
  npm run picks -- list
  npm run picks -- add <trackId> [--position N]   (N from 1; default: last)
  npm run picks -- remove <trackId>`;

function print(picks: PickRow[]) {
  if (picks.length === 0) {
    console.log("No editor's picks yet.");
    return;
  }
  for (const pick of picks) console.log(`${String(pick.position).padStart(3)}. ${pick.trackId}  ${pick.trackName} — ${pick.artistName}`);
}

function parse(argv: string[]) {
  const parsed = parseCliArgs({ args: argv, allowPositionals: true, options: { position: { type: 'string' } } }, USAGE, { positionals: 2 });
  const [command, trackId] = parsed.positionals;
  let position: number | undefined;
  if (parsed.values.position !== undefined) {
    if (command !== 'add') throw new CliError(`--position goes with add.\n${USAGE}`, 2);
    if (!/^\d+$/.test(parsed.values.position) || Number(parsed.values.position) < 1) {
      throw new CliError(`--position must be a whole number from 1, not "${parsed.values.position}".`, 2);
    }
    position = Number(parsed.values.position);
  }
  if (command === 'list' && trackId === undefined) return { command, position } as const;
  if ((command === 'add' || command === 'remove') && trackId !== undefined) return { command, trackId, position } as const;
  throw new CliError(command && !['list', 'add', 'remove'].includes(command) ? `Unknown command "${command}".\n${USAGE}` : USAGE, 2);
}

runCli(async () => {
  const args = parse(process.argv.slice(2));
  const config = loadCliConfig();
  const { database, close } = await openCliDatabase(config, 'npm run picks');
  try {
    // Running servers drop their cached lists at once (docs/decisions/053); the embedded database
    // has none running (this command holds its DATA_DIR lock).
    const picks = new EditorsPicks(database.db, () => (database.kind === 'postgres' ? notifyOnce(database.pool, 'discovery.changed', {}) : undefined));
    if (args.command === 'list') return print(await picks.list());
    try {
      if (args.command === 'add') {
        const after = await picks.add(args.trackId, args.position);
        console.log(`Added ${args.trackId} to the editor's picks.`);
        print(after);
      } else {
        const after = await picks.remove(args.trackId);
        console.log(`Removed ${args.trackId} from the editor's picks.`);
        print(after);
      }
    } catch (error) {
      if (error instanceof PicksError) throw new CliError(error.message);
      throw error;
    }
  } finally {
    await close();
  }
});
