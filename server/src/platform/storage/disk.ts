import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, localTempPath, type Storage } from './contract.ts';

/** The built-in store: a folder under DATA_DIR/uploads (one instance, or a disk they all mount). */
export function createDiskStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads');
  const resolve = (key: string) => path.join(root, checkKey(key));
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
    tempPath: (name) => localTempPath(dataDir, name),
    close() {},
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
