import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createDiskStorage, sweepTempFiles } from './storage.ts';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'storage-'));

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

test('an upload streams into this process’s own temp folder and moves whole under its key', async () => {
  const dataDir = fresh();
  const storage = createDiskStorage(dataDir);
  const temp = await storage.tempPath('abc.upload');
  assert.equal(path.dirname(temp), path.join(dataDir, 'uploads', 'tmp', `${process.pid}@${hostname()}`));
  writeFileSync(temp, 'logo bytes');
  await storage.putFile('logos/app/one.png', temp);
  assert.equal(existsSync(temp), false);
  assert.equal(readFileSync(path.join(dataDir, 'uploads', 'logos', 'app', 'one.png'), 'utf8'), 'logo bytes');
  await assert.rejects(storage.putFile('tmp/123@host/x.png', temp), /Unsafe storage key/);
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
