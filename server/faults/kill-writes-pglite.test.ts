import { test } from 'node:test';
import { killDuringWrites, repeat } from './support/kill-during-writes.ts';

test(`kill -9 during writes × ${repeat()} on PGlite: 0 acknowledged writes lost, restarts immediate`, async () => {
  await killDuringWrites('pglite');
});
