import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import {
  developerAppInvitations,
  mailOutbox,
  oauthApplications,
  oauthTokens,
  sessions,
  verifications,
} from '../../db/schema/index.ts';
import { hashSessionToken } from '../../platform/auth/hashed-session-tokens.ts';
import { SESSION_CACHE_TTL_MS } from '../../platform/auth/session-cache.ts';
import { REDACTED } from '../../platform/mail/mail.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { authorize, basic, REDIRECT, sandboxClient, tokenRequest } from '../oauth/testing.ts';

let t: TestApp;
const delivered: Array<{ to: string; text: string; html: string }> = [];
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
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
  /\/(?:confirm|reset_password|sign_in_link|notifications\/opt_out)\?token=([^\s&"]+)|\/invitations\/([^\s"/]+)/g;

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
    await anonymous.post('/api/v1/auth/sign_in_link', { email: user.email });
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
    tokens = [...deliveredTokens(), ...(await oauthJourney(admin))];
    resetToken = tokens.find((token) =>
      delivered.some((m) => m.text.includes(`reset_password?token=${encodeURIComponent(token)}`)),
    )!;
    assert.ok(resetToken, 'a reset link was delivered');
    assert.ok(
      tokens.length >= 5,
      `confirmation, reset, sign-in, invitation and opt-out links: ${tokens.length}`,
    );
  });

  test('no table, the job queue included, holds a delivered token', async () => {
    const dumps = [
      await dumpOf(sql`select * from ${mailOutbox}`),
      await dumpOf(sql`select * from ${verifications}`),
      await dumpOf(sql`select * from ${developerAppInvitations}`),
      await dumpOf(sql`select * from ${sessions}`),
      await dumpOf(sql`select * from ${oauthTokens}`),
      await dumpOf(sql`select * from ${oauthApplications}`),
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
        const link = await t.client().post('/api/v1/auth/sign_in_with_link', { token: candidate });
        assert.equal(link.statusCode, 422, `verification ${candidate} worked as a sign-in link`);
      }
    }
    for (const row of await t.ctx.db.select().from(developerAppInvitations)) {
      const res = await t.client().get(`/api/v1/invitations/${encodeURIComponent(row.tokenHash)}`);
      assert.equal(res.statusCode, 404, 'an invitation hash worked as its token');
    }
    // A stolen data dir holds SESSION_SECRET too: sign each stored value as a session cookie.
    const rows = await t.ctx.db.select().from(sessions);
    assert.ok(rows.length >= 1);
    for (const row of rows) {
      const res = await me(signedSessionCookie(row.token));
      assert.equal(res.statusCode, 401, 'a stored session token opened a session');
    }
  });

  test('the session table holds only the sha256 of each cookie token, and the cookie still works', async () => {
    const { client } = await t.asNewUser();
    const token = decodeURIComponent(client.cookies.get('portal.session_token')!).split('.')[0]!;
    // The control: the same signing opens the session when given the real token.
    assert.equal((await me(signedSessionCookie(token))).statusCode, 200);
    const stored = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, hashSessionToken(token)));
    assert.equal(stored.length, 1);
    assert.equal(
      (await t.ctx.db.select().from(sessions).where(eq(sessions.token, token))).length,
      0,
      'the token itself is stored',
    );
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

    const signInToken = tokenIn(/\/sign_in_link\?token=([^\s&"]+)/);
    const linked = await t.client().post('/api/v1/auth/sign_in_with_link', { token: signInToken });
    assert.equal(linked.statusCode, 200, linked.body);

    const confirmToken = tokenIn(/\/confirm\?token=([^\s&"]+)/);
    const confirmed = await t.client().post('/api/v1/auth/confirm', { token: confirmToken });
    assert.equal(confirmed.statusCode, 200, confirmed.body);

    const invitee = await t.asNewUser({ email: 'invitee@example.com' });
    const invitation = tokenIn(/\/invitations\/([^\s"/]+)/);
    const accepted = await invitee.client.post(`/api/v1/invitations/${invitation}/accept`);
    assert.equal(accepted.statusCode, 200, accepted.body);
  });
});

/**
 * An OAuth journey (features/oauth): a code, its tokens, a rotation, client credentials; returns
 * every code, token and the client secret handed out, which no table may hold.
 */
async function oauthJourney(developer: Parameters<typeof sandboxClient>[1]): Promise<string[]> {
  const client = await sandboxClient(t, developer);
  const { code } = await authorize(developer, client);
  const first = await tokenRequest(
    t,
    { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT },
    '',
    basic(client),
  );
  const rotated = await tokenRequest(
    t,
    { grant_type: 'refresh_token', refresh_token: first.json().refresh_token },
    '',
    basic(client),
  );
  const service = await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(client));
  const values = [
    code!,
    client.secret,
    first.json().access_token,
    first.json().refresh_token,
    rotated.json().access_token,
    rotated.json().refresh_token,
    service.json().access_token,
  ];
  assert.ok(
    values.every((value) => typeof value === 'string' && value.length >= 20),
    'the journey completed',
  );
  return values;
}

/** The first token a delivered e-mail carries in a link matching `link`. */
function tokenIn(link: RegExp): string {
  for (const mail of delivered) {
    const match = link.exec(mail.text);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`no delivered link matches ${link}`);
}

const me = (cookie: string) => t.app.inject({ url: '/api/v1/me', headers: { cookie } });

/** A session cookie as better-auth signs it (HMAC-SHA256 under SESSION_SECRET), for `value`. */
function signedSessionCookie(value: string): string {
  const signature = createHmac('sha256', t.ctx.config.sessionSecret).update(value).digest('base64');
  return `portal.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
}

describe('sessions keep working on their hashed rows', () => {
  test('sign-out removes the row; revoking by id, by user or by token ends the session', async () => {
    const signedIn = async () => {
      const { user, client } = await t.asNewUser();
      const token = decodeURIComponent(client.cookies.get('portal.session_token')!).split('.')[0]!;
      const [row] = await t.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, hashSessionToken(token)));
      assert.ok(row, 'the session row is found by the hash of its token');
      return { user, client, row, token };
    };

    const out = await signedIn();
    assert.equal((await out.client.post('/api/v1/auth/sign_out')).statusCode, 200);
    assert.equal((await t.ctx.db.select().from(sessions).where(eq(sessions.id, out.row.id))).length, 0);
    assert.equal((await out.client.get('/api/v1/me')).statusCode, 401);

    const byId = await signedIn();
    await t.ctx.db.delete(sessions).where(eq(sessions.id, byId.row.id));
    t.ctx.sessions.forgetUser(byId.user.id);
    assert.equal((await byId.client.get('/api/v1/me')).statusCode, 401);

    const { internalAdapter } = await t.ctx.auth.$context;
    const byUser = await signedIn();
    await internalAdapter.deleteUserSessions(byUser.user.id);
    t.ctx.sessions.forgetUser(byUser.user.id);
    assert.equal((await byUser.client.get('/api/v1/me')).statusCode, 401);

    const byToken = await signedIn();
    await internalAdapter.deleteSessions([byToken.token]);
    t.ctx.sessions.forgetUser(byToken.user.id);
    assert.equal((await byToken.client.get('/api/v1/me')).statusCode, 401);
  });

  test('a session refreshed by better-auth keeps its hashed token and its cookie', async () => {
    const { client } = await t.asNewUser();
    const token = decodeURIComponent(client.cookies.get('portal.session_token')!).split('.')[0]!;
    // Older than updateAge (a day): the next read extends it, through an update by token.
    const stale = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const expiresAt = new Date(Date.now() + 3600 * 1000);
    await t.ctx.db
      .update(sessions)
      .set({ updatedAt: stale, expiresAt })
      .where(eq(sessions.token, hashSessionToken(token)));
    t.clock.advance(SESSION_CACHE_TTL_MS);
    assert.equal((await client.get('/api/v1/me')).statusCode, 200);
    const [row] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, hashSessionToken(token)));
    assert.ok(row!.expiresAt > expiresAt, 'the session was extended');
    assert.equal((await client.get('/api/v1/me')).statusCode, 200);
  });
});
