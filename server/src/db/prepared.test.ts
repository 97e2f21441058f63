import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from './client.ts';
import { prepared } from './prepared.ts';

test('a statement is made once per database, and a name serves one statement only', () => {
  const made: string[] = [];
  const statement = prepared('prepared_test_once', (db, name) => {
    made.push(`${String((db as unknown as { id: number }).id)}:${name}`);
    return { name };
  });
  const first = { id: 1 } as unknown as Db;
  const second = { id: 2 } as unknown as Db;
  assert.equal(statement(first), statement(first));
  assert.notEqual(statement(first), statement(second));
  assert.deepEqual(made, ['1:prepared_test_once', '2:prepared_test_once']);
  assert.throws(() => prepared('prepared_test_once', () => ({})), /defined twice/);
});
