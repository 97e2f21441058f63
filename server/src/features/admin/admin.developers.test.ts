import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/helpers.ts';

let t: TestApp;
let staff: TestClient;
const V = '/api/v1/admin/developers';

before(async () => {
  t = await createTestApp();
  staff = (await t.asNewUser({ role: 'admin' })).client;
});
after(() => t.close());

test('GET one developer; unknown id is 404', async () => {
  const user = await t.createUser({ name: 'Dana Dev', companyName: 'Acme' });
  const res = await staff.get(`${V}/${user.id}`);
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().name, 'Dana Dev');
  assert.equal(res.json().company_name, 'Acme');
  assert.equal(res.json().disabled, false);
  assert.equal((await staff.get(`${V}/nobody`)).statusCode, 404);
});

test('PATCH name, company, e-mail, procore id, role and employee; the role applies at once', async () => {
  const { user, client } = await t.asNewUser({ name: 'Eve' });
  assert.equal((await client.get('/api/v1/admin/developers')).statusCode, 403);
  const res = await staff.patch(`${V}/${user.id}`, {
    developer: {
      name: 'Eve Admin',
      company_name: 'Bricks',
      email: 'EVE.NEW@example.com',
      procore_id: 4242,
      role: 'admin',
      employee: true,
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(
    { ...(res.json() as object), id: undefined, created_at: undefined },
    {
      id: undefined,
      name: 'Eve Admin',
      company_name: 'Bricks',
      email: 'eve.new@example.com',
      procore_id: 4242,
      role: 'admin',
      employee: true,
      disabled: false,
      created_at: undefined,
    },
  );
  // The cached session user was forgotten: the same cookie is now an admin.
  assert.equal((await client.get('/api/v1/admin/developers')).statusCode, 200);
});

test('taken e-mail or procore id is a field error; bad input 422', async () => {
  const a = await t.createUser({ email: 'taken@example.com' });
  const b = await t.createUser();
  const email = await staff.patch(`${V}/${b.id}`, { developer: { email: 'taken@example.com' } });
  assert.equal(email.statusCode, 422);
  assert.deepEqual(email.json().fields, { 'developer.email': ['That e-mail address is taken'] });
  const procore = await staff.patch(`${V}/${b.id}`, { developer: { procore_id: a.procoreId } });
  assert.deepEqual(procore.json().fields, { 'developer.procore_id': ['That Procore ID is taken'] });
  assert.equal((await staff.patch(`${V}/${b.id}`, { developer: { role: 'root' } })).statusCode, 422);
  assert.equal((await staff.patch(`${V}/${b.id}`, { developer: { name: '' } })).statusCode, 422);
});

test('disabling ends the sessions and refuses sign-in; enabling lets the account back in', async () => {
  const { user, client } = await t.asNewUser({ email: 'gone@example.com' });
  assert.equal((await client.get('/api/v1/me')).statusCode, 200);
  const res = await staff.patch(`${V}/${user.id}`, { developer: { disabled: true } });
  assert.equal(res.json().disabled, true);
  assert.equal((await client.get('/api/v1/me')).statusCode, 401);
  const signIn = await t
    .client()
    .post('/api/v1/auth/sign_in', { email: user.email, password: TEST_PASSWORD });
  assert.equal(signIn.statusCode, 403);
  assert.equal(signIn.json().message, 'This account has been disabled. Contact support.');
  const wrong = await t
    .client()
    .post('/api/v1/auth/sign_in', { email: user.email, password: 'wrong password!' });
  assert.equal(wrong.statusCode, 401, 'a wrong password learns nothing about the account');
  await staff.patch(`${V}/${user.id}`, { developer: { disabled: false } });
  await t.asUser(user); // throws unless sign-in answers 200
});
