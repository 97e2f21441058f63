import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { developerAppInvitations, mailOutbox, sessions, verifications } from '../../db/schema/index.ts';
import { REDACTED } from '../../platform/mail/mail.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';
import { createAppAs } from '../apps/apps.fixtures.ts';

let t: TestApp;
const delivered: Array<{ to: string; text: string; html: string }> = [];
before(async () => {
  t = await createTestApp();
  // SMTP is configured: the recipient's inbox is the only place a live link may end up.
  t.ctx.smtp = {
    sendMail: async (message: { to: string; text: string; html: string }) => {
      delivered.push(message);
    },
    close: () => {},
  } as never;
});
after(() => t.close());

const TOKEN_LINK =
  /\/(?:confirm|reset_password|notifications\/opt_out)\?token=([^\s&"]+)|\/invitations\/([^\s"/]+)/g;

/** Every token the delivered e-mails carry, decoded. */
function deliveredTokens(): string[] {
  const tokens = new Set<string>();
  for (const mail of delivered) {
    for (const match of mail.text.matchAll(TOKEN_LINK)) tokens.add(decodeURIComponent(match[1] ?? match[2]!));
  }
  return [...tokens];
}

async function dumpOf(query: ReturnType<typeof sql>) {
  const result = (await t.ctx.db.execute(query)) as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

describe('tokens at rest with SMTP configured', () => {
  let tokens: string[];
  let resetToken: string;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  before(async () => {
    user = await t.createUser();
    const anonymous = t.client();
    await anonymous.post('/api/v1/auth/sign_up', {
      name: 'New',
      email: 'new@example.com',
      password: TEST_PASSWORD,
    });
    await anonymous.post('/api/v1/auth/forgot_password', { email: user.email });
    const { client: admin } = await t.asNewUser({ role: 'admin' });
    const app = await createAppAs(admin);
    await admin.post('/api/v1/invitations', {
      developer_app_id: app.id,
      email: 'invitee@example.com',
      role: 'developer',
    });
    await admin.post('/api/v1/admin/notifications', {
      title: 'Outage',
      summary: 'S',
      body: 'B',
      critical: true,
    });
    await t.drainJobs();
    tokens = deliveredTokens();
    resetToken = tokens.find((token) =>
      delivered.some((m) => m.text.includes(`reset_password?token=${encodeURIComponent(token)}`)),
    )!;
    assert.ok(resetToken, 'a reset link was delivered');
    assert.ok(tokens.length >= 4, `confirmation, reset, invitation and opt-out links: ${tokens.length}`);
  });

  test('no table, the job queue included, holds a delivered token', async () => {
    const dumps = [
      await dumpOf(sql`select * from ${mailOutbox}`),
      await dumpOf(sql`select * from ${verifications}`),
      await dumpOf(sql`select * from ${developerAppInvitations}`),
      await dumpOf(sql`select * from ${sessions}`),
      await dumpOf(sql`select name, data, singleton_key, output from pgboss.job`),
    ].join('\n');
    for (const token of tokens) {
      assert.ok(
        !dumps.includes(token) && !dumps.includes(encodeURIComponent(token)),
        `token at rest: ${token}`,
      );
    }
  });

  test('the outbox copy of a delivered message shows where its link was redacted', async () => {
    const rows = await t.ctx.db.select().from(mailOutbox);
    const reset = rows.find((row) => row.template === 'auth.reset_password')!;
    assert.equal(reset.delivery, 'smtp');
    assert.match(reset.text, new RegExp(`reset_password\\?token=${REDACTED.replace(/[[\]]/g, '\\$&')}`));
    assert.ok(!reset.html.includes(resetToken));
  });

  test('nothing stored in the verification, invitation or session tables works as a token', async () => {
    for (const row of await t.ctx.db.select().from(verifications)) {
      for (const candidate of [row.identifier, row.identifier.replace(/^[\w-]+:/, ''), row.value]) {
        const res = await t
          .client()
          .post('/api/v1/auth/reset_password', { token: candidate, password: 'an entirely new one' });
        assert.equal(res.statusCode, 422, `verification ${candidate} worked`);
      }
    }
    for (const row of await t.ctx.db.select().from(developerAppInvitations)) {
      const res = await t.client().get(`/api/v1/invitations/${encodeURIComponent(row.tokenHash)}`);
      assert.equal(res.statusCode, 404, 'an invitation hash worked as its token');
    }
    // Session cookies must carry an HMAC under SESSION_SECRET, which no database dump holds.
    const rows = await t.ctx.db.select().from(sessions);
    assert.ok(rows.length >= 1);
    for (const row of rows) {
      const res = await t.app.inject({
        url: '/api/v1/me',
        headers: { cookie: `portal.session_token=${row.token}` },
      });
      assert.equal(res.statusCode, 401, 'a stored session token worked without its signature');
    }
  });

  test('the delivered links themselves work', async () => {
    const res = await t
      .client()
      .post('/api/v1/auth/reset_password', { token: resetToken, password: 'an entirely new one' });
    assert.equal(res.statusCode, 200, res.body);
    const signIn = await t
      .client()
      .post('/api/v1/auth/sign_in', { email: user.email, password: 'an entirely new one' });
    assert.equal(signIn.statusCode, 200);
  });
});
