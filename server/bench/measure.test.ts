import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median } from './measure.ts';

test('the ratio of the median round: odd and even counts, any order', () => {
  assert.equal(median([0.9, 0.3, 1.1]), 0.9);
  assert.equal(median([1, 4, 2, 3]), 2.5);
  assert.equal(median([0.5]), 0.5);
});
