import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * An operator's command (server/src/cli/<name>.ts, `npm run <name> -- ...`) run as the operator
 * would, in its own process; `code` is its exit code.
 */
export function runCli(name: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const cli = path.resolve(import.meta.dirname, '../../src/cli', `${name}.ts`);
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, NODE_ENV: 'test', PUBLIC_URL: 'http://sauti.test', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** DATA_DIRs of a command's own (beside a PostgreSQL server, or for wrong usage), all removed by `remove`. */
export function scratchDataDirs() {
  const dirs: string[] = [];
  return {
    make(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-cli-'));
      dirs.push(dir);
      return dir;
    },
    remove(): void {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
