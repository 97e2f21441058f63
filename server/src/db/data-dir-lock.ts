import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/** The lock's mtime is refreshed every UPDATE_MS; one not refreshed for STALE_MS belongs to no one. */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

type Owner = { pid: number; host: string };

/** Locks taken by this process, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * Keeps a second process from opening `dir` (two PostgreSQL instances on one data directory corrupt
 * it). The lock is proper-lockfile's directory `<dir>.lock`; beside it, `<dir>.owner` names the
 * owning process, so a lock whose owner has died (kill -9, a crash) is taken at once rather than after
 * it goes stale. (The owner file is not inside the lock: writing there would change the lock's mtime,
 * which proper-lockfile reads as the lock being stolen.)
 */
export async function lockDataDir(dir: string, message: string): Promise<() => Promise<void>> {
  const lockPath = `${dir}.lock`;
  const ownerFile = `${dir}.owner`;
  if (!heldHere.has(lockPath) && isAbandoned(lockPath, ownerFile)) {
    // Owner first: a process checking meanwhile then finds no owner and goes by the new lock's mtime.
    rmSync(ownerFile, { force: true });
    rmSync(lockPath, { recursive: true, force: true });
  }
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      realpath: false,
      lockfilePath: lockPath,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(message);
    throw error;
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
  heldHere.add(lockPath);
  return async () => {
    heldHere.delete(lockPath);
    rmSync(ownerFile, { force: true });
    await release();
  };
}

/** True when the lock exists but its owner is gone: not refreshed for STALE_MS, or its process died. */
function isAbandoned(lockPath: string, ownerFile: string): boolean {
  let modified: number;
  try {
    modified = statSync(lockPath).mtimeMs;
  } catch {
    return false; // no lock
  }
  if (Date.now() - modified > STALE_MS) return true;
  let owner: Owner;
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as Owner;
  } catch {
    return false; // being taken this instant, or written by a version without owners: trust its mtime
  }
  // A process on another machine (a shared volume) cannot be asked; its mtime still tells.
  if (owner.host !== hostname()) return false;
  // Our own pid, but not a lock we hold: a previous process that had the same pid (pid 1 in a
  // container restarted after kill -9).
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
