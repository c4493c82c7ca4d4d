import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const MODULE = path.join(import.meta.dirname, 'data-dir-lock.ts');
// Says it is ready; on "go" takes the lock, says whether it got it, and holds it until its stdin closes.
const CHILD = `
  const { lockDataDir } = await import(${JSON.stringify(MODULE)});
  process.stdout.write('ready\\n');
  process.stdin.once('data', () => {
    let line;
    try { lockDataDir(process.argv[1]); line = 'got'; } catch (error) { line = 'refused: ' + error.message; }
    process.stdout.write(line + '\\n');
  });
  process.stdin.on('end', () => process.exit(0));
`;

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const nextLine = (child: ReturnType<typeof spawn>) =>
  new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

/** Starts `count` processes, then lets them all try for the lock at the same moment. */
async function startTogether(dataDir: string, count: number): Promise<string[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  await Promise.all(children.map(nextLine));
  const answered = Promise.all(children.map(nextLine));
  for (const child of children) child.stdin.write('go\n');
  const answers = await answered;
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve).stdin.end())));
  return answers;
}

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('is held by one process at a time, and released', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock left by a process that died, or by a pid now running something else', () => {
    const dir = dataDir();
    const lockFile = path.join(dir, 'sauti.lock');
    fs.writeFileSync(lockFile, String(deadPid()));
    const taken = lockDataDir(dir);
    // The lock now names this process, and no one else gets it while we hold it.
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    taken.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    // A running process that is not a Node.js server (its pid reused after a restart).
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(lockFile, String(other.pid));
      const again = lockDataDir(dir);
      expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
      again.release();
    } finally {
      other.kill();
    }
  });

  it('lets exactly one of several processes starting at once take over a stale lock', async () => {
    for (let trial = 0; trial < 8; trial++) {
      const dir = dataDir();
      fs.writeFileSync(path.join(dir, 'sauti.lock'), String(deadPid()));
      const answers = await startTogether(dir, 5);
      expect(answers.filter((answer) => answer === 'got'), answers.join('\n')).toHaveLength(1);
      expect(answers.filter((answer) => answer.startsWith('refused: DATA_DIR')), answers.join('\n')).toHaveLength(4);
    }
  }, 60_000);
});
