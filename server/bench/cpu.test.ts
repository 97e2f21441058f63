import assert from 'node:assert/strict';
import test from 'node:test';
import { backendDelta, cpuSeconds } from './cpu.ts';

test("the backends' CPU counts each live backend's share, a new one whole and an ended one not at all", () => {
  const before = new Map([
    [10, 5],
    [11, 2],
  ]);
  // 10 went on (+1.5 s), 11 ended (its share is lost, not its life subtracted), 12 is new (0.25 s).
  const after = new Map([
    [10, 6.5],
    [12, 0.25],
  ]);
  assert.equal(backendDelta(before, after), 1.75);
});

test('a process that is gone has used no CPU; this one has used some', () => {
  assert.equal(cpuSeconds(2 ** 22 + 1), 0);
  assert.ok(cpuSeconds(process.pid) > 0);
});
