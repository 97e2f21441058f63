import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { TEMP_DIR } from './contract.ts';

/** A folder nobody wrote to for this long is abandoned, whoever owned it. */
const ABANDONED_MS = 60 * 60 * 1000;

/**
 * Deletes the temporary files of uploads that never finished: folders of processes on this host
 * that are no longer running (or that had our pid: a container restarted after kill -9), and any
 * folder untouched for an hour. Run at boot, before this process takes uploads. Answers how many
 * files it removed.
 */
export async function sweepTempFiles(dataDir: string): Promise<number> {
  const tmp = path.resolve(dataDir, 'uploads', TEMP_DIR);
  let entries: string[];
  try {
    entries = await readdir(tmp);
  } catch {
    return 0; // no uploads yet
  }
  let removed = 0;
  for (const entry of entries) {
    const full = path.join(tmp, entry);
    if (!(await isAbandoned(entry, full))) continue;
    const info = await stat(full).catch(() => null);
    removed += info?.isDirectory() ? (await readdir(full)).length : 1;
    await rm(full, { recursive: true, force: true });
  }
  return removed;
}

async function isAbandoned(entry: string, full: string): Promise<boolean> {
  const owner = /^(\d+)@(.+)$/.exec(entry);
  if (owner && owner[2] === hostname()) {
    const pid = Number(owner[1]);
    if (pid === process.pid || !isRunning(pid)) return true;
  }
  return Date.now() - (await lastWrite(full)) > ABANDONED_MS;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The newest mtime of a file, or of a folder and the files in it. */
async function lastWrite(full: string): Promise<number> {
  const info = await stat(full).catch(() => null);
  if (!info) return Date.now();
  if (!info.isDirectory()) return info.mtimeMs;
  const files = await readdir(full).catch(() => [] as string[]);
  const times = await Promise.all(
    files.map(async (file) => (await stat(path.join(full, file)).catch(() => info)).mtimeMs),
  );
  return Math.max(info.mtimeMs, ...times);
}
