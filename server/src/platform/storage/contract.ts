import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live: a folder under DATA_DIR (disk.ts) or an S3 bucket (s3.ts). */
export type Storage = {
  /**
   * Moves a finished temporary file into the store under `key`, durably (on disk: fsync, then rename;
   * in S3: once the object is written), and removes the temporary file.
   */
  putFile(key: string, tempFile: string): Promise<void>;
  /** The file (or the inclusive byte range of it, within the file), with the whole file's size; null when missing. */
  read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** A scratch path on this machine's disk, for streaming an upload before it is checked. */
  tempPath(name: string): Promise<string>;
  /** Lets go of connections (S3); the disk has none. */
  close(): void;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

/**
 * Uploads stream into `uploads/tmp/<pid>@<host>/` (one folder per process), so at boot the folders
 * of processes that are gone (kill -9, a crash) can be told from those of live ones sharing DATA_DIR.
 * Every store keeps them on the local disk: an upload is checked there before it is stored.
 */
export const TEMP_DIR = 'tmp';
export const ownTempFolder = () => `${process.pid}@${hostname()}`;

/** Keys the portal makes (`logos/<app>/<id>.png`): no `..`, nothing under the scratch folder. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && key.split('/')[0] !== TEMP_DIR;
}

export function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
  return key;
}

/** The scratch path for `name` in this process's own folder under DATA_DIR/uploads/tmp. */
export async function localTempPath(dataDir: string, name: string): Promise<string> {
  const dir = path.resolve(dataDir, 'uploads', TEMP_DIR, ownTempFolder());
  await mkdir(dir, { recursive: true });
  return path.join(dir, path.basename(name));
}
