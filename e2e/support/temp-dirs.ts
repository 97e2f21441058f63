import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'portal-e2e-';
/** The server refreshes its data-dir lock every 5 s and treats one older than 30 s as a dead process's. */
const LOCK_STALE_MS = 30_000;
/** A directory this young may belong to a portal that has not taken its lock yet. */
const STARTUP_GRACE_MS = 120_000;

/** The mkdtemp prefix of an e2e portal's data directory. */
export function e2eTempDir(name: string): string {
  return path.join(tmpdir(), `${PREFIX}${name}-`);
}

/**
 * Removes the data directories of e2e portals that are no longer running (a killed or crashed run).
 * Several runs may share a machine (E2E_PORT_OFFSET), so a directory whose portal still holds its
 * lock, or that is too new to have one yet, is left alone.
 */
export function sweepE2eTempDirs(now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    const created = mtime(dir);
    const locked = mtime(path.join(dir, 'pglite.lock'));
    if (created === undefined || now - created < STARTUP_GRACE_MS) continue;
    if (locked !== undefined && now - locked < LOCK_STALE_MS) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

function mtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
