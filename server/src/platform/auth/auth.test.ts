import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import { createLogger as createBetterAuthLogger } from 'better-auth';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLogger } from '../logger.ts';
import { betterAuthLogger, createAuth } from './auth.ts';

/** A JSON logger writing into a buffer, and the entries written so far. */
function capture(level: string) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk) => {
    text += chunk;
  });
  const log = createLogger(level, { destination: out });
  return {
    log,
    entries: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

describe("better-auth's log", () => {
  test("goes to the portal's logger, marked as better-auth's, at its own level", () => {
    const { log, entries } = capture('info');
    // better-auth wraps the `logger` option with this same function.
    const logger = createBetterAuthLogger(betterAuthLogger(log));
    logger.warn('Invalid password');
    logger.error('Failed to create session', new Error('db down'), { userId: 'u1' });
    logger.success('done');
    logger.debug('not at info');
    const [warn, error, success, ...rest] = entries();
    assert.deepEqual([warn.level, warn.module, warn.msg], [40, 'better-auth', 'Invalid password']);
    assert.deepEqual(
      [error.level, error.msg, error.err.message],
      [50, 'Failed to create session', 'db down'],
    );
    assert.deepEqual(error.details, [{ userId: 'u1' }]);
    assert.deepEqual([success.level, success.msg], [30, 'done']);
    assert.deepEqual(rest, []);
  });

  test("follows the portal's level, down to debug and up to silent", () => {
    const debug = capture('debug');
    createBetterAuthLogger(betterAuthLogger(debug.log)).debug('cookie chunked');
    assert.equal(debug.entries()[0]?.msg, 'cookie chunked');
    assert.equal(betterAuthLogger(debug.log).level, 'debug');
    assert.equal(betterAuthLogger(capture('error').log).level, 'error');
    assert.equal(betterAuthLogger(capture('silent').log).disabled, true);
  });

  test('the auth instance logs through it instead of the console', async () => {
    const { log, entries } = capture('info');
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      WEB_DIST: '/nonexistent',
    });
    const mailer = {
      confirmEmail: async () => {},
      resetPassword: async () => {},
      signInLink: async () => {},
    };
    const auth = createAuth(config, {} as Db, mailer, () => {}, log);
    (await auth.$context).logger.warn('Reset Password: User not found');
    assert.deepEqual(
      entries().map((entry) => [entry.module, entry.msg]),
      [['better-auth', 'Reset Password: User not found']],
    );
  });
});
