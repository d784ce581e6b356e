import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { createPrivateFile, DATA_DIR_MODE, DATA_FILE_MODE } from './data-dir.js';

const INSTANCE_LOCK_FILE = 'serve.lock';
export const INSTANCE_PID_FILE = 'serve.pid';

/**
 * Connections holding a lock. better-sqlite3 closes a connection when it is garbage-collected, which
 * would silently drop the lock of a caller that kept no reference to it; this set keeps every held
 * lock alive until `release()` or process exit.
 */
const held = new Set<BetterSqlite3.Database>();

export type InstanceLockResult =
  | { readonly ok: true; release(): void }
  | { readonly ok: false; readonly holderPid: number; readonly message: string };

/**
 * Claims a data directory for one `serve` process. The claim is an exclusive SQLite (fcntl) lock on
 * `serve.lock`, held for the life of the connection: the kernel drops it when the process exits for
 * any reason, SIGKILL included, so a crashed holder never blocks the next start and there is no
 * stale-pid guesswork. `serve.pid` only tells a refused process who holds the lock.
 * `holderPid` is 0 when the holder's pid is unknown (it has not written the file yet).
 * The lock is held until `release()` or process exit, whether or not the caller keeps the result.
 */
export function acquireInstanceLock(dataDir: string): InstanceLockResult {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const pidFile = join(dataDir, INSTANCE_PID_FILE);
  const lockFile = join(dataDir, INSTANCE_LOCK_FILE);
  createPrivateFile(lockFile);
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of waiting for it.
  const lock = new BetterSqlite3(lockFile, { timeout: 0 });
  try {
    // In EXCLUSIVE locking mode the connection never gives back a lock it took; BEGIN EXCLUSIVE takes
    // the strongest one, so every other connection is shut out until this one closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch (error) {
    lock.close();
    if (isBusy(error)) {
      const holderPid = readPid(pidFile);
      const who = holderPid > 0 ? `process ${holderPid}` : 'another process';
      return {
        ok: false,
        holderPid,
        message:
          `The data directory ${dataDir} is already served by ${who}. ` +
          'Stop that server first, or start this one with a different data directory.',
      };
    }
    throw new Error(`Cannot lock data directory ${dataDir}`, { cause: error });
  }
  held.add(lock);
  writeFileSync(pidFile, `${process.pid}\n`, { mode: DATA_FILE_MODE });
  let released = false;
  return {
    ok: true,
    release() {
      if (released) return;
      released = true;
      if (readPid(pidFile) === process.pid) {
        try {
          unlinkSync(pidFile);
        } catch {
          // Already gone: nothing to tidy.
        }
      }
      held.delete(lock);
      lock.close();
    },
  };
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')
  );
}

function readPid(pidFile: string): number {
  try {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}
