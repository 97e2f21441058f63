import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDatabaseUnavailable } from './unavailable.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

test('errors that mean the database is down or restarting are told from bad queries', () => {
  for (const error of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    wrapped(
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ),
    wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    wrapped(Object.assign(new Error('connection failure'), { code: '08006' })),
    wrapped(new Error('Connection terminated unexpectedly')),
    new Error('timeout exceeded when trying to connect'),
  ])
    assert.equal(isDatabaseUnavailable(error), true, String(error));
  for (const error of [
    wrapped(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })),
    wrapped(Object.assign(new Error('syntax error'), { code: '42601' })),
    new TypeError('x is undefined'),
    undefined,
  ])
    assert.equal(isDatabaseUnavailable(error), false, String(error));
});
