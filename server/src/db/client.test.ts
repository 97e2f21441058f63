import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DataDirLockedError, openPglite } from './client.ts';

test('a second process cannot open the same PGlite data dir', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  const first = await openPglite(dir);
  await assert.rejects(openPglite(dir), (error: Error) => {
    assert.ok(error instanceof DataDirLockedError);
    assert.match(error.message, /in use by another portal process/);
    return true;
  });
  await first.close();
  const again = await openPglite(dir);
  await again.migrate();
  await again.ping();
  await again.close();
});
