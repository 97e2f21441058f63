import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { LINK_LIMITS, SIGN_IN_LINK_SECONDS } from '../../platform/auth/login-limiter.ts';
import { TEST_PASSWORD, type TestClient, useTestApp } from '../../test/helpers.ts';
import { askForSignInLink, signInLinksTo, signInWithLink } from './testing.ts';

const t = useTestApp();

let ipCounter = 0;
/** Each request from its own address unless one is given (the per-source bound is tested apart). */
const nextIp = () => `10.40.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const askForLink = (client: TestClient, email: string, ip = nextIp(), next?: string) =>
  askForSignInLink(client, email, ip, next);
const useLink = signInWithLink;
const linksTo = (email: string) => signInLinksTo(t, email);

async function mailsTo(email: string) {
  await t.drainJobs();
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
}

describe('sign-in links', () => {
  test('a link signs its account in once, and the browser gets its device cookie', async () => {
    const user = await t.createUser();
    const res = await askForLink(t.client(), user.email, nextIp(), '/developer_apps/abc');
    assert.equal(res.statusCode, 200, res.body);
    const [mail] = await mailsTo(user.email);
    assert.equal(mail!.subject, 'Sign in to the Procore Developer Portal');
    assert.match(mail!.text, /It works once, within 15 minutes/);
    assert.match(mail!.text, /\/sign_in_link\?token=[^\s&]+&next=%2Fdeveloper_apps%2Fabc/);
    const [token] = await linksTo(user.email);

    const browser = t.client();
    const signIn = await useLink(browser, token!);
    assert.equal(signIn.statusCode, 200, signIn.body);
    assert.ok(browser.cookies.get('portal_device'), 'the browser is now known to the account');
    const me = await browser.get('/api/v1/me');
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().email, user.email);

    const again = await useLink(t.client(), token!);
    assert.equal(again.statusCode, 422);
    assert.deepEqual(again.json().fields, {
      token: ['This sign-in link is invalid, used or expired. Ask for a new one.'],
    });
  });

  test('used at once from two browsers, a link signs in one of them', async () => {
    const user = await t.createUser();
    await askForLink(t.client(), user.email);
    const [token] = await linksTo(user.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => useLink(t.client(), token!)));
    const statuses = results.map((res) => res.statusCode).sort();
    assert.deepEqual(statuses, [200, 422, 422, 422, 422]);
  });

  test('a link expires after 15 minutes', async (context) => {
    context.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const user = await t.createUser();
    await askForLink(t.client(), user.email);
    await askForLink(t.client(), user.email);
    const [newer, older] = await linksTo(user.email);
    context.mock.timers.tick(SIGN_IN_LINK_SECONDS * 1000 - 5_000);
    assert.equal((await useLink(t.client(), newer!)).statusCode, 200, 'within its 15 minutes');
    context.mock.timers.tick(10_000);
    const late = await useLink(t.client(), older!);
    assert.equal(late.statusCode, 422, 'after its 15 minutes');
  });

  test('a made-up or malformed token is refused at the field', async () => {
    for (const token of ['nope', 'x'.repeat(32), 'magic-link:abc']) {
      const res = await useLink(t.client(), token);
      assert.equal(res.statusCode, 422, token);
      assert.deepEqual(Object.keys(res.json().fields), ['token']);
    }
    const tooLong = await useLink(t.client(), 'x'.repeat(201));
    assert.equal(tooLong.statusCode, 422);
  });

  test('every address gets the same answer; only a confirmed, enabled account gets a link', async () => {
    const confirmed = await t.createUser();
    const unconfirmed = await t.createUser({ confirmed: false });
    const disabled = await t.createUser();
    await t.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    const unknown = 'nobody-here@example.com';
    const answers = [];
    for (const email of [confirmed.email, unconfirmed.email, disabled.email, unknown]) {
      const res = await askForLink(t.client(), email);
      answers.push([res.statusCode, res.body]);
    }
    assert.deepEqual(new Set(answers.map(String)).size, 1, JSON.stringify(answers));
    assert.equal((await linksTo(confirmed.email)).length, 1);
    assert.equal((await linksTo(disabled.email)).length, 0);
    assert.equal((await mailsTo(unknown)).length, 0);
    // An unconfirmed account gets its confirmation link instead, which signs in too.
    const [confirmation] = await mailsTo(unconfirmed.email);
    assert.match(confirmation!.subject, /Confirm your/);
    assert.equal((await linksTo(unconfirmed.email)).length, 0);
  });

  test('a link of an account disabled since it was sent signs nobody in', async () => {
    const user = await t.createUser();
    await askForLink(t.client(), user.email);
    const [token] = await linksTo(user.email);
    await t.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const browser = t.client();
    const res = await useLink(browser, token!);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, 'This account has been disabled. Contact support.');
    assert.equal((await browser.get('/api/v1/me')).statusCode, 401);
  });

  test('one address receives a few links a window, and each of them still works', async () => {
    assert.ok(
      SIGN_IN_LINK_SECONDS - LINK_LIMITS.perAccount.duration >= 10 * 60,
      'when no new link is sent, the newest one sent has at least ten minutes left',
    );
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) assert.equal((await askForLink(t.client(), user.email)).statusCode, 200);
    const tokens = await linksTo(user.email);
    assert.equal(tokens.length, LINK_LIMITS.perAccount.points);
    for (const token of tokens) assert.equal((await useLink(t.client(), token)).statusCode, 200);
  });

  test('one source asking for links for many addresses is refused with 429', async () => {
    const ip = '10.41.0.1';
    for (let i = 0; i < LINK_LIMITS.perIp.points; i++) {
      assert.equal((await askForLink(t.client(), `spray${i}@example.com`, ip)).statusCode, 200);
    }
    const refused = await askForLink(t.client(), 'one-more@example.com', ip);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal((await askForLink(t.client(), 'one-more@example.com', '10.41.0.2')).statusCode, 200);
  });

  test('the password still works after signing in with a link', async () => {
    const user = await t.createUser();
    await askForLink(t.client(), user.email);
    const [token] = await linksTo(user.email);
    await useLink(t.client(), token!);
    const res = await t.client().post('/api/v1/auth/sign_in', { email: user.email, password: TEST_PASSWORD });
    assert.equal(res.statusCode, 200);
  });
});
