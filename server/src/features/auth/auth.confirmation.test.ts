import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mailOutbox } from '../../db/schema/index.ts';
import { TEST_PASSWORD, useTestApp } from '../../test/helpers.ts';
import { CONFIRMATION_MAIL_INTERVAL_MS, claimConfirmationMail } from './auth.confirmation.ts';

const t = useTestApp();

async function confirmationsTo(email: string) {
  await t.drainJobs();
  const rows = await t.ctx.db.select().from(mailOutbox);
  return rows.filter((row) => row.to === email && row.template === 'auth.confirm_email');
}

async function signUp(email: string) {
  const client = t.client();
  const res = await client.post('/api/v1/auth/sign_up', { name: 'New', email, password: TEST_PASSWORD });
  assert.equal(res.statusCode, 201, res.body);
  return client;
}

describe('confirmation e-mails', () => {
  test('sign-in attempts before confirming send at most one confirmation per address per interval', async (context) => {
    // better-auth signs the confirmation token with the wall clock (seconds): Date moves with the
    // portal's clock here, or the mail after the interval would carry the first one's token (and its
    // idempotency key) whenever both fall in the same real second.
    context.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const advance = (ms: number) => {
      t.clock.advance(ms);
      context.mock.timers.tick(ms);
    };
    const email = 'eager@example.com';
    const client = await signUp(email);
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await client.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD });
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().code, 'email_not_confirmed');
      assert.equal(
        res.json().message,
        'Confirm your e-mail address first: follow the link in the confirmation e-mail we sent you. (We send a new one at most every 5 minutes.)',
      );
    }
    assert.equal((await confirmationsTo(email)).length, 1, 'only the sign-up one');

    advance(CONFIRMATION_MAIL_INTERVAL_MS - 1_000);
    await client.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD });
    assert.equal((await confirmationsTo(email)).length, 1, 'still inside the interval');

    advance(1_000);
    await client.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD });
    await client.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD });
    const mails = await confirmationsTo(email);
    assert.equal(mails.length, 2, 'one more once the interval has passed');
    const token = decodeURIComponent(/\/confirm\?token=(\S+)/.exec(mails.at(-1)!.text)![1]!);
    assert.equal((await client.post('/api/v1/auth/confirm', { token })).statusCode, 200);
  });

  test('the interval is per address: another new account gets its own at once', async () => {
    await signUp('first@example.com');
    await signUp('second@example.com');
    assert.equal((await confirmationsTo('first@example.com')).length, 1);
    assert.equal((await confirmationsTo('second@example.com')).length, 1);
  });

  test('of concurrent claims for one address exactly one wins, whatever the letter case', async () => {
    await signUp('racer@example.com');
    t.clock.advance(CONFIRMATION_MAIL_INTERVAL_MS);
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        claimConfirmationMail(t.ctx, i % 2 ? 'racer@example.com' : 'Racer@Example.com'),
      ),
    );
    assert.equal(claims.filter(Boolean).length, 1, `${claims.filter(Boolean).length} claims won`);
    assert.equal(await claimConfirmationMail(t.ctx, 'nobody@example.com'), false);
  });
});

describe('where e-mail goes', () => {
  test('the runtime config says outbox without SMTP and smtp with it', async () => {
    assert.equal((await t.client().get('/api/v1/config')).json().mail_delivery, 'outbox');
    const previous = t.ctx.smtp;
    t.ctx.smtp = { sendMail: async () => {}, close: () => {} } as never;
    try {
      assert.equal((await t.client().get('/api/v1/config')).json().mail_delivery, 'smtp');
    } finally {
      t.ctx.smtp = previous;
    }
  });
});
