import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// One `npm start` per embedded data directory. PGlite is a single-writer database in a directory:
// two processes opening it at once would corrupt it. The lock file holds the owner's pid; a lock whose
// owner is gone is taken over.

export class DataDirBusyError extends Error {
  constructor(
    readonly ownerPid: number,
    readonly lockFile: string,
  ) {
    super(`locked by pid ${ownerPid} (${lockFile})`);
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

export function lockFilePath(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Whether a process of this host is alive (EPERM: alive, someone else's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dataDir` for this process, or throws DataDirBusyError naming the live owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  return lockFile(lockFilePath(dataDir));
}

/**
 * Takes a lock file for this process (its pid inside, created exclusively), or throws DataDirBusyError
 * naming the live owner. A lock whose owner is gone is taken over.
 */
export function lockFile(file: string): DataDirLock {
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // removed in between: try again
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
      throw new DataDirBusyError(owner, file);
    }
    rmSync(file, { force: true }); // stale: its owner is gone
  }
  throw new Error(`Could not take the lock ${file}`);
}
