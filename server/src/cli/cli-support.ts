import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../lib/data-dir-lock';

/** A refusal with a message for the operator and an exit code (1: refused, 2: wrong usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** --help (-h), asked of any command: runCli prints the usage on stdout and exits 0. */
class HelpAsked extends Error {}

/**
 * node:util's parseArgs for a command's argv, with what every command answers alike. --help (-h)
 * is an option of each: the usage, exit 0. What parseArgs cannot parse (an unknown option, an
 * option without its value) and more than `positionals` words are wrong usage: exit 2 with the
 * reason, then the usage.
 */
export function parseCliArgs<T extends ParseArgsConfig>(config: T, usage: string, { positionals = Infinity } = {}) {
  const withHelp: ParseArgsConfig = { ...config, options: { ...config.options, help: { type: 'boolean', short: 'h' } } };
  let parsed;
  try {
    parsed = parseArgs(withHelp);
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`, 2);
  }
  if (parsed.values.help) throw new HelpAsked(usage);
  const extra = parsed.positionals.slice(positionals);
  if (extra.length > 0) throw new CliError(`Unexpected arguments: ${extra.join(' ')}\n${usage}`, 2);
  // The command's own options, as it declared them (help is answered above).
  return parsed as ReturnType<typeof parseArgs<T>>;
}

/** An amount for the operator's eyes, grouped: 150050 -> "KES 1,500.50" (0 -> "KES 0.00"). */
export const kes = (minor: number) => `KES ${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function loadCliConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Takes the DATA_DIR lock as a server would. The embedded database allows one process, so while
 * a server runs on this DATA_DIR the command refuses (it never talks to a running server).
 */
export function lockForCli(config: Config, command: string): DataDirLock {
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(
        `${error.message}\n${command} needs the DATA_DIR to itself${config.databaseUrl ? '' : ' (the embedded database allows one process)'}: stop the server, run it, and start the server again.`,
      );
    }
    throw error;
  }
}

/**
 * The database the server uses: PostgreSQL (DATABASE_URL) as it is, shared with running servers;
 * the embedded one under DATA_DIR only with its lock held.
 */
export async function openCliDatabase(config: Config, command: string): Promise<{ database: Database; close(): Promise<void> }> {
  const lock = config.databaseUrl ? undefined : lockForCli(config, command);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    lock?.release();
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  return {
    database,
    async close() {
      await database.close();
      lock?.release();
    },
  };
}

/**
 * The whole app, without its jobs, for a command that needs the services (payouts, refunds, seed).
 * It takes the DATA_DIR lock as a server does: while a server runs on it the command refuses,
 * saying what to do (`doing`: the step between stopping and starting the server). The app is
 * loaded only here, so the commands that need the database alone start quickly.
 */
export async function buildCliApp(config: Config, command: string, doing = 'run it'): Promise<FastifyInstance> {
  const { buildApp } = await import('../app');
  try {
    return await buildApp(config, { logger: false, startJobs: false });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(`${error.message}\n${command} needs the DATA_DIR to itself: stop the server, ${doing}, and start the server again.`);
    }
    throw error;
  }
}

/** Runs a command's main: prints the usage asked by --help (exit 0), a CliError's message and exits with its code, anything else with its stack. */
export function runCli(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof HelpAsked) {
        console.log(error.message);
        process.exit(0);
      }
      if (error instanceof CliError) {
        console.error(error.message);
        process.exit(error.exitCode);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
