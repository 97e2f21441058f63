import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. The built-in store is a folder under DATA_DIR/uploads. */
export type Storage = {
  /** Moves a finished temporary file into the store under `key`. */
  putFile(key: string, tempFile: string): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** A scratch path on the same disk, for streaming an upload before it is checked. */
  tempPath(name: string): Promise<string>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

export function createDiskStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async putFile(key, tempFile) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
    },
    async read(key) {
      try {
        const file = resolve(key);
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async tempPath(name) {
      const dir = path.join(root, 'tmp');
      await mkdir(dir, { recursive: true });
      return path.join(dir, name);
    },
  };
}
