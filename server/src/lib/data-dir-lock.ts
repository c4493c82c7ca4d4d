import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'sauti.lock';
/** Locks this process holds: a lock file naming our own pid is only stale if it is not one of these. */
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  // Our own pid in a file we do not hold: left by an earlier container run that got the same pid.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the exclusive lock on DATA_DIR. PGlite takes none itself, and two processes writing one
 * database directory corrupt it, so a second process must refuse to start. The lock file holds the
 * owner's pid; one left behind by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (heldByThisProcess.has(lockPath)) {
    throw new DataDirLockedError(`DATA_DIR ${dataDir} is already in use by this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldByThisProcess.add(lockPath);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(lockPath);
          try {
            if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (isAlive(owner)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Sauti process (pid ${owner}); stop it or choose another DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on DATA_DIR ${dataDir}; another process keeps taking it.`);
}
