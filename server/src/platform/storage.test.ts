import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../config.ts';
import { startS3TestServer } from '../test/s3-server.ts';
import { createDiskStorage, openStorage, type Storage, sweepTempFiles } from './storage.ts';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'storage-'));

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

/** One store per test, opened the way the portal opens it (from the environment). */
type Opener = (dataDir: string, prefix?: string) => Storage;

const stores: Array<{ kind: string; setUp(): Promise<Opener>; tearDown(): Promise<void> }> = [
  {
    kind: 'disk',
    setUp: async () => (dataDir) => openStorage(loadConfig({ DATA_DIR: dataDir })),
    tearDown: async () => {},
  },
  (() => {
    let server: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
    return {
      kind: 's3',
      async setUp() {
        server = await startS3TestServer();
        const s3 = server;
        return (dataDir, prefix = `t${Math.random().toString(36).slice(2, 8)}`) =>
          openStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env(prefix) }));
      },
      tearDown: async () => server?.close(),
    };
  })(),
];

/** A finished upload in the store's scratch folder. */
async function scratch(storage: Storage, content: string | Buffer): Promise<string> {
  const temp = await storage.tempPath(`${Math.random().toString(36).slice(2)}.upload`);
  writeFileSync(temp, content);
  return temp;
}

const readAll = async (storage: Storage, key: string, range?: { start: number; end: number }) => {
  const file = await storage.read(key, range);
  return file && { size: file.size, body: await text(file.stream) };
};

for (const store of stores) {
  describe(`the storage contract on ${store.kind}`, () => {
    let open: Opener;
    const opened: Storage[] = [];
    const fresh = (prefix?: string) => {
      const storage = open(mkdtempSync(path.join(tmpdir(), 'storage-')), prefix);
      opened.push(storage);
      return storage;
    };
    before(async () => {
      open = await store.setUp();
    });
    after(async () => {
      for (const storage of opened) storage.close();
      await store.tearDown();
    });

    test('a file put under a key reads back whole, with its size; the scratch file is gone', async () => {
      const storage = fresh();
      const temp = await scratch(storage, 'logo bytes');
      await storage.putFile('logos/app/one.png', temp);
      assert.equal(existsSync(temp), false);
      assert.deepEqual(await readAll(storage, 'logos/app/one.png'), { size: 10, body: 'logo bytes' });
    });

    test('a byte range reads the inclusive bytes asked for, with the whole file’s size', async () => {
      const storage = fresh();
      await storage.putFile('videos/app/v.mp4', await scratch(storage, '0123456789abcdef'));
      // (Not 0–0: the S3 test server answers `bytes=0-0` with the whole file, which the store refuses.)
      assert.deepEqual(await readAll(storage, 'videos/app/v.mp4', { start: 0, end: 1 }), {
        size: 16,
        body: '01',
      });
      assert.deepEqual(await readAll(storage, 'videos/app/v.mp4', { start: 3, end: 7 }), {
        size: 16,
        body: '34567',
      });
      assert.deepEqual(await readAll(storage, 'videos/app/v.mp4', { start: 10, end: 15 }), {
        size: 16,
        body: 'abcdef',
      });
    });

    test('a file larger than one request (a video) goes up whole and reads back in ranges', async () => {
      const storage = fresh();
      const size = 20 * 1024 * 1024 + 3; // past the single-PUT size on S3: sent in parts
      const big = Buffer.alloc(size);
      for (let i = 0; i < size; i += 4096) big.write(String(i).padStart(12, '0'), i);
      await storage.putFile('videos/app/big.mp4', await scratch(storage, big));
      const file = await storage.read('videos/app/big.mp4');
      assert.equal(file?.size, size);
      let read = 0;
      for await (const chunk of file!.stream) read += (chunk as Buffer).length;
      assert.equal(read, size);
      const start = 9 * 1024 * 1024 - 6; // across the line between the first and second part
      const part = await readAll(storage, 'videos/app/big.mp4', { start, end: start + 99_999 });
      assert.equal(part?.size, size);
      assert.equal(part?.body, big.subarray(start, start + 100_000).toString());
    });

    test('putting a key again replaces the file', async () => {
      const storage = fresh();
      await storage.putFile('logos/app/x.png', await scratch(storage, 'first'));
      await storage.putFile('logos/app/x.png', await scratch(storage, 'second'));
      assert.deepEqual(await readAll(storage, 'logos/app/x.png'), { size: 6, body: 'second' });
    });

    test('a missing file reads as null (the routes answer 404); deleting one twice is no error', async () => {
      const storage = fresh();
      assert.equal(await storage.read('logos/app/never.png'), null);
      assert.equal(await storage.read('logos/app/never.png', { start: 0, end: 3 }), null);
      await storage.putFile('logos/app/gone.png', await scratch(storage, 'bytes'));
      await storage.delete('logos/app/gone.png');
      await storage.delete('logos/app/gone.png');
      assert.equal(await storage.read('logos/app/gone.png'), null);
    });

    test('keys the portal never makes are refused: no climbing out, nothing under the scratch folder', async () => {
      const storage = fresh();
      const temp = await scratch(storage, 'bytes');
      for (const key of ['tmp/123@host/x.png', '../x.png', 'logos/../../x.png', '/etc/passwd', 'a b.png'])
        await assert.rejects(storage.putFile(key, temp), /Unsafe storage key/, key);
      assert.equal(await storage.read('../x.png'), null);
      await assert.rejects(storage.delete('logos/../x.png'), /Unsafe storage key/);
      assert.equal(existsSync(temp), true, 'a refused file stays for the caller to discard');
    });

    test('scratch files stay on this machine, in this process’s own folder under DATA_DIR', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-'));
      const storage = open(dataDir);
      opened.push(storage);
      const temp = await storage.tempPath('../../abc.upload');
      assert.equal(temp, path.join(dataDir, 'uploads', 'tmp', `${process.pid}@${hostname()}`, 'abc.upload'));
    });
  });
}

describe('what only S3 has', () => {
  test('keys live under the prefix of STORAGE_URL: two prefixes in one bucket are two stores', async () => {
    const server = await startS3TestServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-'));
    const portal = openStorage(loadConfig({ DATA_DIR: dataDir, ...server.env('portal/uploads') }));
    const other = openStorage(loadConfig({ DATA_DIR: dataDir, ...server.env('other') }));
    const root = openStorage(loadConfig({ DATA_DIR: dataDir, ...server.env() }));
    try {
      await portal.putFile('logos/a/1.png', await scratch(portal, 'mine'));
      assert.equal(await other.read('logos/a/1.png'), null);
      assert.deepEqual(await readAll(root, 'portal/uploads/logos/a/1.png'), { size: 4, body: 'mine' });
    } finally {
      for (const storage of [portal, other, root]) storage.close();
      await server.close();
    }
  });

  test('bytes other than the range asked for are an error, never passed on as that range', async () => {
    const server = await startS3TestServer();
    const storage = openStorage(loadConfig({ DATA_DIR: fresh(), ...server.env() }));
    try {
      await storage.putFile('videos/a/v.mp4', await scratch(storage, '0123456789'));
      // The test server answers `bytes=0-0` with the whole file (a real S3 does not).
      await assert.rejects(storage.read('videos/a/v.mp4', { start: 0, end: 0 }), /not the range asked for/);
    } finally {
      storage.close();
      await server.close();
    }
  });
});

test('the disk store keeps files under DATA_DIR/uploads/<key>', async () => {
  const dataDir = fresh();
  const storage = createDiskStorage(dataDir);
  const temp = await storage.tempPath('abc.upload');
  writeFileSync(temp, 'logo bytes');
  await storage.putFile('logos/app/one.png', temp);
  assert.equal(readFileSync(path.join(dataDir, 'uploads', 'logos', 'app', 'one.png'), 'utf8'), 'logo bytes');
});

test('the boot sweep removes temp files of processes that are gone, keeps those of live ones', async () => {
  const dataDir = fresh();
  const tmp = path.join(dataDir, 'uploads', 'tmp');
  const put = (folder: string, file = 'a.upload') => {
    mkdirSync(path.join(tmp, folder), { recursive: true });
    writeFileSync(path.join(tmp, folder, file), 'partial');
    return path.join(tmp, folder);
  };
  const dead = put(`${deadPid()}@${hostname()}`);
  put(`${deadPid()}@${hostname()}`, 'b.upload');
  const ours = put(`${process.pid}@${hostname()}`); // a previous process that had our pid
  const live = put(`${process.ppid}@${hostname()}`);
  const otherHost = put(`${process.ppid}@elsewhere.example`);
  const oldOtherHost = put('42@elsewhere.example');
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(path.join(oldOtherHost, 'a.upload'), old, old);
  utimesSync(oldOtherHost, old, old);

  assert.equal(await sweepTempFiles(dataDir), 4);
  assert.equal(existsSync(dead), false);
  assert.equal(existsSync(ours), false);
  assert.equal(existsSync(oldOtherHost), false, 'untouched for an hour: abandoned wherever it came from');
  assert.equal(existsSync(live), true, 'a running process may still be streaming');
  assert.equal(existsSync(otherHost), true, 'another host cannot be asked; recent files stay');
  assert.equal(await sweepTempFiles(fresh()), 0, 'no uploads folder yet');
});
