import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'sauti.lock';
const ATTEMPTS = 100;
const TAKEOVER_WAIT_MS = 10;
/** Locks this process holds: a lock file naming our own pid is only stale if it is not one of these. */
const heldByThisProcess = new Set<string>();

/** Whether `pid` may be a Sauti server still running: alive, and (where Linux tells) a Node.js process. */
function mayBeOwner(pid: number): boolean {
  // Our own pid in a file we do not hold: left by an earlier container run that got the same pid.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // After a restart the pid may belong to something else entirely (a shell, the container's init).
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

function readOwner(lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates `file` holding our pid, or answers false if it exists. Written aside and linked into
 * place, so no other process ever reads it empty (and takes a lock being created for a stale one).
 */
function createWithPid(file: string): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, String(process.pid));
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Blocks this thread briefly: taking the lock is synchronous, and happens once, at startup. */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes the exclusive lock on DATA_DIR. PGlite takes none itself, and two processes writing one
 * database directory corrupt it, so a second process must refuse to start. The lock file holds the
 * owner's pid and is created exclusively; one left behind by a process that died is removed only
 * by the holder of a second, short-lived lock file (the takeover), after checking again that it is
 * the same stale file. So a live lock is never removed, and of several processes starting at once
 * exactly one creates the new lock.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be used as a writable folder (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const lockPath = path.join(dataDir, LOCK_FILE);
  const takeoverPath = `${lockPath}.takeover`;
  if (heldByThisProcess.has(lockPath)) {
    throw new DataDirLockedError(`DATA_DIR ${dataDir} is already in use by this process.`);
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!createWithPid(lockPath)) {
      const owner = readOwner(lockPath);
      if (owner === undefined) continue;
      if (mayBeOwner(Number.parseInt(owner, 10))) {
        throw new DataDirLockedError(`DATA_DIR ${dataDir} is in use by another Sauti process (pid ${owner}); stop it or choose another DATA_DIR.`);
      }
      if (!createWithPid(takeoverPath)) {
        const taker = readOwner(takeoverPath);
        if (taker !== undefined && !mayBeOwner(Number.parseInt(taker, 10))) {
          throw new DataDirLockedError(
            `A start of Sauti on DATA_DIR ${dataDir} was interrupted while taking over its lock. If no Sauti process is running, delete ${takeoverPath} and start again.`,
          );
        }
        pause(TAKEOVER_WAIT_MS); // another process is taking it over: see what it left
        continue;
      }
      try {
        if (readOwner(lockPath) === owner) fs.rmSync(lockPath, { force: true });
      } finally {
        fs.rmSync(takeoverPath, { force: true });
      }
      continue;
    }
    heldByThisProcess.add(lockPath);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        try {
          if (readOwner(lockPath) === String(process.pid)) fs.rmSync(lockPath, { force: true });
        } catch {
          // Unreadable now: leave it; the next start sees its pid is not running.
        }
      },
    };
  }
  throw new DataDirLockedError(`Could not take the lock on DATA_DIR ${dataDir}; another process keeps taking it.`);
}
