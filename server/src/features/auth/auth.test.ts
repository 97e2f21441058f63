import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mailOutbox } from '../../db/schema/index.ts';
import { TEST_PASSWORD, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

async function mailsTo(email: string) {
  const rows = await t.ctx.db.select().from(mailOutbox);
  return rows.filter((row) => row.to === email);
}

function tokenFrom(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([^\\s]+)`).exec(text);
  assert.ok(match, `no ${path} link in ${text}`);
  return decodeURIComponent(match[1]!);
}

describe('sign up, confirm, sign in', () => {
  test('a new account must confirm its e-mail before signing in', async () => {
    const client = t.client();
    const email = 'new.person@example.com';
    const signUp = await client.post('/api/v1/auth/sign_up', {
      name: 'New Person',
      email,
      password: TEST_PASSWORD,
      company_name: 'Builders Inc',
    });
    assert.equal(signUp.statusCode, 201, signUp.body);

    const early = await client.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD });
    assert.equal(early.statusCode, 403);
    assert.equal(early.json().code, 'email_not_confirmed');

    await t.drainJobs();
    const mails = await mailsTo(email);
    assert.ok(mails.length >= 1);
    assert.match(mails[0]!.subject, /Confirm your Procore Developer Portal account/);
    const token = tokenFrom(mails[0]!.text, '/confirm');

    const confirm = await client.post('/api/v1/auth/confirm', { token });
    assert.equal(confirm.statusCode, 200, confirm.body);
    const me = await client.get('/api/v1/me');
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().email, email);
    assert.equal(me.json().role, 'developer');
    assert.equal(me.json().company_name, 'Builders Inc');
    assert.equal(me.json().critical_emails, true);
    assert.ok(Number.isInteger(me.json().procore_id));

    const fresh = t.client();
    const signIn = await fresh.post('/api/v1/auth/sign_in', { email, password: TEST_PASSWORD });
    assert.equal(signIn.statusCode, 200);
    const cookie = signIn.cookies.find((c) => c.name.includes('session_token'));
    assert.ok(cookie?.httpOnly);
    assert.equal(cookie?.sameSite, 'Lax');
  });

  test('a bad confirmation token is refused at the field', async () => {
    const res = await t.client().post('/api/v1/auth/confirm', { token: 'nope' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(Object.keys(res.json().fields), ['token']);
  });

  test('sign-up validates every field', async () => {
    const res = await t
      .client()
      .post('/api/v1/auth/sign_up', { name: '', email: 'not-an-email', password: 'short' });
    assert.equal(res.statusCode, 422);
    const body = res.json();
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(Object.keys(body.fields).sort(), ['email', 'name', 'password']);
  });

  test('signing up again with a taken address changes nothing and reveals nothing', async () => {
    const user = await t.createUser();
    const res = await t
      .client()
      .post('/api/v1/auth/sign_up', { name: 'X', email: user.email, password: 'another password 2' });
    // The same answer as a new address, so sign-up cannot be used to probe for accounts.
    assert.equal(res.statusCode, 201);
    const taken = await t
      .client()
      .post('/api/v1/auth/sign_in', { email: user.email, password: 'another password 2' });
    assert.equal(taken.statusCode, 401);
    const owner = await t
      .client()
      .post('/api/v1/auth/sign_in', { email: user.email, password: TEST_PASSWORD });
    assert.equal(owner.statusCode, 200);
  });

  test('a wrong password gets an error and no session', async () => {
    const user = await t.createUser();
    const client = t.client();
    const res = await client.post('/api/v1/auth/sign_in', { email: user.email, password: 'wrong password!' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'invalid_credentials');
    assert.equal(res.cookies.filter((c) => c.name.includes('session_token')).length, 0);
    assert.equal((await client.get('/api/v1/me')).statusCode, 401);
  });

  test('sign out ends the session', async () => {
    const { client } = await t.asNewUser();
    assert.equal((await client.get('/api/v1/me')).statusCode, 200);
    assert.equal((await client.post('/api/v1/auth/sign_out')).statusCode, 200);
    assert.equal((await client.get('/api/v1/me')).statusCode, 401);
  });
});

describe('password reset and settings', () => {
  test('forgot password e-mails a single-use reset link', async () => {
    const user = await t.createUser();
    const client = t.client();
    assert.equal((await client.post('/api/v1/auth/forgot_password', { email: user.email })).statusCode, 200);
    // Unknown addresses get the same answer.
    assert.equal(
      (await client.post('/api/v1/auth/forgot_password', { email: 'nobody@example.com' })).statusCode,
      200,
    );
    await t.drainJobs();
    const [mail] = await mailsTo(user.email);
    const token = tokenFrom(mail!.text, '/reset_password');
    const newPassword = 'a brand new password';
    assert.equal(
      (await client.post('/api/v1/auth/reset_password', { token, password: newPassword })).statusCode,
      200,
    );
    const again = await client.post('/api/v1/auth/reset_password', { token, password: newPassword });
    assert.equal(again.statusCode, 422);
    const old = await t.client().post('/api/v1/auth/sign_in', { email: user.email, password: TEST_PASSWORD });
    assert.equal(old.statusCode, 401);
    const fresh = await t.client().post('/api/v1/auth/sign_in', { email: user.email, password: newPassword });
    assert.equal(fresh.statusCode, 200);
  });

  test('settings change name, company and critical e-mail opt-in', async () => {
    const { client } = await t.asNewUser();
    const res = await client.patch('/api/v1/me', {
      name: 'Renamed',
      company_name: 'New Co',
      critical_emails: false,
    });
    assert.equal(res.statusCode, 200, res.body);
    const me = (await client.get('/api/v1/me')).json();
    assert.equal(me.name, 'Renamed');
    assert.equal(me.company_name, 'New Co');
    assert.equal(me.critical_emails, false);
  });

  test('settings refuse fields they do not take, the role above all, and change nothing', async () => {
    const { client } = await t.asNewUser({ name: 'Before' });
    const res = await client.patch('/api/v1/me', { name: 'After', role: 'admin', employee: true });
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().fields, { role: ['Unknown field'], employee: ['Unknown field'] });
    const me = (await client.get('/api/v1/me')).json();
    assert.equal(me.role, 'developer');
    assert.equal(me.employee, false);
    assert.equal(me.name, 'Before');
    // Names that are an object's own methods are fields like any other.
    const inherited = await client.patch('/api/v1/me', {
      toString: 'x',
      constructor: 'y',
      hasOwnProperty: 1,
    });
    assert.equal(inherited.statusCode, 422, inherited.body);
    assert.deepEqual(inherited.json().fields, {
      toString: ['Unknown field'],
      constructor: ['Unknown field'],
      hasOwnProperty: ['Unknown field'],
    });
  });

  test('the developer-apps beta opt-in is a preference that follows the user to another browser', async () => {
    const { user, client } = await t.asNewUser();
    assert.equal((await client.get('/api/v1/me')).json().developer_apps_beta, false);
    const on = await client.patch('/api/v1/me', { developer_apps_beta: true });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(on.json().developer_apps_beta, true);
    // The same session sees it (the cached session user was forgotten)…
    assert.equal((await client.get('/api/v1/me')).json().developer_apps_beta, true);
    assert.equal((await client.get('/api/v1/config')).json().user.developer_apps_beta, true);
    // …and so does a new sign-in elsewhere.
    const other = t.client();
    const signIn = await other.post('/api/v1/auth/sign_in', { email: user.email, password: TEST_PASSWORD });
    assert.equal(signIn.statusCode, 200, signIn.body);
    assert.equal((await other.get('/api/v1/me')).json().developer_apps_beta, true);
    const off = await client.patch('/api/v1/me', { developer_apps_beta: false });
    assert.equal(off.json().developer_apps_beta, false);
    assert.equal((await other.get('/api/v1/me')).json().developer_apps_beta, false);
    const bad = await client.patch('/api/v1/me', { developer_apps_beta: 'yes' });
    assert.equal(bad.statusCode, 422);
  });

  test('changing the password needs the current one', async () => {
    const { user, client } = await t.asNewUser();
    const wrong = await client.post('/api/v1/me/password', {
      current_password: 'not it at all',
      new_password: 'another password 1',
    });
    assert.equal(wrong.statusCode, 422);
    assert.ok(wrong.json().fields.current_password);
    const ok = await client.post('/api/v1/me/password', {
      current_password: TEST_PASSWORD,
      new_password: 'another password 1',
    });
    assert.equal(ok.statusCode, 200, ok.body);
    const signIn = await t
      .client()
      .post('/api/v1/auth/sign_in', { email: user.email, password: 'another password 1' });
    assert.equal(signIn.statusCode, 200);
  });

  test('state-changing requests without the CSRF token are refused', async () => {
    const { client } = await t.asNewUser();
    const res = await client.request({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { name: 'X' },
      csrf: false,
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'csrf_invalid');
  });
});

describe('returning after confirmation', () => {
  test('a sign-up can carry a same-site path the confirmation link returns to', async () => {
    const email = 'invited.person@example.com';
    const res = await t.client().post('/api/v1/auth/sign_up', {
      name: 'Invited',
      email,
      password: TEST_PASSWORD,
      next: '/invitations/abc123',
    });
    assert.equal(res.statusCode, 201, res.body);
    await t.drainJobs();
    const [mail] = await mailsTo(email);
    assert.match(mail!.text, /\/confirm\?token=[^\s]+&next=%2Finvitations%2Fabc123/);
  });

  test('an off-site return path is refused at the field', async () => {
    for (const next of ['//evil.example.com', 'https://evil.example.com', 'invitations']) {
      const res = await t
        .client()
        .post('/api/v1/auth/sign_up', { name: 'X', email: 'x1@example.com', password: TEST_PASSWORD, next });
      assert.equal(res.statusCode, 422, next);
      assert.ok(res.json().fields.next, next);
    }
  });
});
