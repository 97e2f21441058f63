import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLoginLimiter, LOGIN_LIMITS } from '../../platform/auth/login-limiter.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/helpers.ts';
import { askForSignInLink, signInLinksTo, signInWithLink } from './testing.ts';

let t: TestApp;
let verified = 0;
before(async () => {
  t = await createTestApp();
  // Counts the attempts that reach the password check.
  const api = t.ctx.auth.api as { signInEmail: (input: unknown) => Promise<unknown> };
  const signInEmail = api.signInEmail;
  api.signInEmail = (input) => {
    verified++;
    return signInEmail(input);
  };
});
after(() => t.close());

function signIn(client: TestClient, email: string, password: string, ip: string) {
  return client.request({
    method: 'POST',
    url: '/api/v1/auth/sign_in',
    payload: { email, password },
    remoteAddress: ip,
  });
}

describe('sign-in limits', () => {
  test('parallel guesses for one address are counted before the password is checked', async () => {
    const user = await t.createUser();
    verified = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => signIn(t.client(), user.email, 'wrong password!', '10.1.0.1')),
    );
    const statuses = results.map((res) => res.statusCode);
    assert.ok(verified <= LOGIN_LIMITS.perAccount.points, `${verified} guesses reached the password`);
    assert.equal(statuses.filter((status) => status === 401).length, verified);
    assert.equal(statuses.filter((status) => status === 429).length, 50 - verified);
    const refused = results.find((res) => res.statusCode === 429)!;
    assert.equal(refused.json().code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
  });

  test('guesses from many IPs stay within the per-account bound', async () => {
    const user = await t.createUser();
    verified = 0;
    for (let i = 0; i < 20; i++) await signIn(t.client(), user.email, 'wrong password!', `10.2.0.${i}`);
    assert.equal(verified, LOGIN_LIMITS.perAccount.points);
  });

  test('guessing slows an account down; a browser it signed in on before keeps its own budget', async () => {
    const user = await t.createUser();
    const owner = t.client();
    assert.equal((await signIn(owner, user.email, TEST_PASSWORD, '10.3.0.1')).statusCode, 200);
    assert.equal((await owner.post('/api/v1/auth/sign_out')).statusCode, 200);

    for (let i = 0; i < 30; i++) await signIn(t.client(), user.email, 'wrong password!', '10.3.0.66');

    // The owner's browser (it signed in before) has its own budget: the right password works at once.
    assert.equal((await signIn(owner, user.email, TEST_PASSWORD, '10.3.0.1')).statusCode, 200);
    // A browser the account has never used waits for the short per-account window, and is offered a link.
    const fresh = await signIn(t.client(), user.email, TEST_PASSWORD, '10.3.0.2');
    assert.equal(fresh.statusCode, 429);
    assert.match(fresh.json().message, /sign in with a link we e-mail you/);
    assert.ok(Number(fresh.headers['retry-after']) <= LOGIN_LIMITS.perAccount.duration);
  });

  test('an attacker guessing 5 passwords and asking for links every minute never keeps the owner out', async (context) => {
    // Two link windows' worth of the attack on a simulated clock. The attacker knows the address, not the password,
    // and sends from a new address every time; the owner uses a browser the account has never seen
    // (no device cookie), asks for a link late in a link window, and opens the mail nine minutes later.
    // The limits in memory: the simulated clock governs them (Redis keeps its own time for expiry).
    const t = await createTestApp({ redisUrl: undefined });
    context.after(() => t.close());
    context.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const victim = await t.createUser();
    const attacker = t.client();
    const used = new Set<string>();
    const outcome = { passwordRefused: 0, asked: 0, signedIn: 0 };
    for (let minute = 0; minute < 24; minute++) {
      for (let i = 0; i < 5; i++)
        await signIn(attacker, victim.email, 'wrong password!', `10.7.${minute}.${i}`);
      for (let i = 0; i < 3; i++) await askForSignInLink(attacker, victim.email, `10.8.${minute}.${i}`);
      if (minute % 10 === 4) {
        const browser = t.client();
        const password = await signIn(browser, victim.email, TEST_PASSWORD, '10.9.0.1');
        if (password.statusCode === 429) outcome.passwordRefused++;
        assert.equal((await askForSignInLink(browser, victim.email, '10.9.0.1')).statusCode, 200);
        outcome.asked++;
      }
      if (minute % 10 === 3 && minute > 3) {
        // The owner's mailbox: the newest link they have not used yet.
        const token = (await signInLinksTo(t, victim.email)).find((candidate) => !used.has(candidate));
        assert.ok(token, `minute ${minute}: no unused link in the mailbox`);
        used.add(token);
        const browser = t.client();
        const res = await signInWithLink(browser, token);
        assert.equal(res.statusCode, 200, `minute ${minute}: ${res.body}`);
        assert.equal((await browser.get('/api/v1/me')).json().email, victim.email);
        outcome.signedIn++;
      }
      context.mock.timers.tick(60_000);
    }
    // The attack does keep the password out of new browsers, and the owner in all the same.
    assert.deepEqual(outcome, { passwordRefused: 2, asked: 2, signedIn: 2 });
  });

  test('a forged or other account’s device cookie earns no budget of its own', async () => {
    const victim = await t.createUser();
    const attacker = await t.createUser();
    const browser = t.client();
    assert.equal((await signIn(browser, attacker.email, TEST_PASSWORD, '10.4.0.1')).statusCode, 200);
    assert.ok(browser.cookies.get('portal_device'));
    verified = 0;
    for (let i = 0; i < 10; i++) await signIn(browser, victim.email, 'wrong password!', `10.4.1.${i}`);
    browser.cookies.set('portal_device', 'forged.forged');
    for (let i = 0; i < 5; i++) await signIn(browser, victim.email, 'wrong password!', `10.4.2.${i}`);
    assert.equal(verified, LOGIN_LIMITS.perAccount.points);
  });

  test('a successful sign-in does not use up the budget', async () => {
    const user = await t.createUser();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.points * 2; i++) {
      assert.equal((await signIn(t.client(), user.email, TEST_PASSWORD, '10.5.0.1')).statusCode, 200);
    }
  });
});

describe('sign-in limiter', () => {
  test('one IP spraying many accounts is stopped', async () => {
    const limiter = createLoginLimiter();
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i++) {
      await limiter.consume({ email: `person${i}@example.com`, ip: '10.6.0.1', device: null });
    }
    await assert.rejects(
      limiter.consume({ email: 'one-more@example.com', ip: '10.6.0.1', device: null }),
      (error: Error & { code?: string }) => error.code === 'rate_limited',
    );
    // Another IP is not affected.
    await limiter.consume({ email: 'one-more@example.com', ip: '10.6.0.2', device: null });
  });

  test('sign-in is refused, not allowed, when the counter store cannot answer', async () => {
    const broken = { status: 'end' } as never;
    const limiter = createLoginLimiter(broken);
    await assert.rejects(
      limiter.consume({ email: 'a@example.com', ip: '10.0.0.1', device: null }),
      (error: Error & { code?: string }) => error.code === 'unavailable',
    );
  });
});
