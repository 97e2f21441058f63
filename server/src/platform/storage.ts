import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/** Where uploaded files live. The built-in store is a folder under DATA_DIR/uploads. */
export type Storage = {
  /** Moves a finished temporary file into the store under `key`, durably (fsync, then rename). */
  putFile(key: string, tempFile: string): Promise<void>;
  /** The file (or the inclusive byte range of it), with the whole file's size. */
  read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** A scratch path on the same disk, for streaming an upload before it is checked. */
  tempPath(name: string): Promise<string>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

/**
 * Uploads stream into `uploads/tmp/<pid>@<host>/` (one folder per process), so at boot the folders
 * of processes that are gone (kill -9, a crash) can be told from those of live ones sharing DATA_DIR.
 */
const TEMP_DIR = 'tmp';
const ownFolder = () => `${process.pid}@${hostname()}`;

/** The portal's one store (`ctx.storage`), chosen by config: today always the folder under DATA_DIR. */
export function openStorage(config: Pick<Config, 'dataDir'>): Storage {
  return createDiskStorage(config.dataDir);
}

export function createDiskStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..') || key.split('/')[0] === TEMP_DIR)
      throw new Error(`Unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async putFile(key, tempFile) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // The bytes reach the disk before the name does, and the name before anyone records it: a
      // crash (even a power cut) leaves the whole file under its key or no file there at all.
      await syncPath(tempFile, 'r+');
      await rename(tempFile, target);
      await syncPath(path.dirname(target), 'r');
    },
    async read(key, range) {
      try {
        const file = resolve(key);
        const info = await stat(file);
        return { stream: createReadStream(file, range), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async tempPath(name) {
      const dir = path.join(root, TEMP_DIR, ownFolder());
      await mkdir(dir, { recursive: true });
      return path.join(dir, path.basename(name));
    },
  };
}

async function syncPath(file: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await open(file, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

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
