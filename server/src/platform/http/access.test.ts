import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { App } from './route.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('every /api route declares public, user, admin or service', () => {
  assert.ok(t.app.routeRegistry.length > 5);
  for (const route of t.app.routeRegistry) {
    assert.ok(['public', 'user', 'admin', 'service'].includes(route.access), `${route.method} ${route.url}`);
  }
  // The service level is for the platform's machine callers alone: app events and the gateways' check.
  assert.deepEqual(
    t.app.routeRegistry
      .filter((route) => route.access === 'service')
      .map((route) => route.url)
      .sort(),
    ['/api/v1/platform/app_events', '/api/v1/quota_minder/check'],
  );
});

// What each route answers to anonymous, signed-in and staff callers, with real resources, is the
// route matrix (src/test/route-matrix.test.ts), generated from the registered routes.

test('boot fails when a route does not declare access', async () => {
  const app = (await buildApp(t.ctx, { logger: false })) as App;
  assert.throws(() => app.get('/api/v1/undeclared', async () => ({})), /must declare config.access/);
  await app.close();
});

test('errors have one shape and never leak internals', async () => {
  const client = t.client();
  const unknown = await client.get('/api/v1/no-such-thing');
  assert.equal(unknown.statusCode, 404);
  assert.deepEqual(Object.keys(unknown.json()).sort(), ['code', 'errors', 'message', 'request_id']);
  const badJson = await client.request({
    method: 'POST',
    url: '/api/v1/auth/sign_in',
    payload: '{"email":',
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(badJson.statusCode, 422);
  assert.equal(badJson.json().code, 'validation_failed');
  assert.doesNotMatch(badJson.body, /at |node_modules|SELECT|select /);
});

test('health and readiness', async () => {
  assert.equal((await t.app.inject({ url: '/healthz' })).statusCode, 200);
  const ready = await t.app.inject({ url: '/readyz' });
  assert.equal(ready.statusCode, 200);
  assert.equal(ready.json().status, 'ok');
});

test('GET /api/v1/config names the feature flags as the spec does (developer-apps §6)', async () => {
  const body = (await t.app.inject({ url: '/api/v1/config' })).json();
  for (const flag of ['fedramp', 'security_and_compliance_enabled', 'semantic_versions'])
    assert.equal(typeof body[flag], 'boolean', flag);
});

test('responses carry a request id and security headers', async () => {
  const res = await t.app.inject({ url: '/api/v1/config' });
  assert.match(String(res.headers['content-security-policy']), /default-src 'self'/);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  const err = await t.app.inject({ url: '/api/v1/nothing', headers: { 'x-request-id': 'abcdef123456' } });
  assert.equal(err.json().request_id, 'abcdef123456');
  // Without one (or with one the log could not carry safely), each request gets its own.
  const ids = await Promise.all(
    ['', 'bad id!'].map(async (given) => {
      const headers = given ? { 'x-request-id': given } : {};
      return (await t.app.inject({ url: '/api/v1/nothing', headers })).json().request_id as string;
    }),
  );
  for (const id of ids) assert.match(id, /^[\w-]{8,64}$/);
  assert.notEqual(ids[0], ids[1]);
});

test('the OpenAPI document describes the routes from their schemas', async () => {
  const res = await t.app.inject({ url: '/api/v1/openapi.json' });
  assert.equal(res.statusCode, 200);
  const doc = res.json();
  assert.equal(doc.openapi, '3.1.0');
  assert.ok(doc.paths['/api/v1/auth/sign_in']?.post, 'sign_in documented');
  assert.ok(doc.paths['/api/v1/config']?.get, 'config documented');
  const documented = Object.keys(doc.paths).length;
  const registered = new Set(t.app.routeRegistry.map((route) => route.url)).size;
  assert.ok(documented >= registered - 1, `${documented} documented of ${registered}`);
});

test('the OpenAPI document lists every error response in the one error shape, and DELETE as 204', async () => {
  const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
  assert.deepEqual(Object.keys(doc.components.schemas.ApiError.properties).sort(), [
    'code',
    'errors',
    'fields',
    'message',
    'request_id',
  ]);
  type Operation = {
    responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  };
  for (const [url, operations] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const status of ['400', '401', '403', '404', '409', '413', '414', '415', '422', '429', '500']) {
        assert.equal(
          operation.responses[status]?.content?.['application/json']?.schema?.$ref,
          '#/components/schemas/ApiError',
          `${method} ${url} documents ${status}`,
        );
      }
      const successes = Object.keys(operation.responses).filter((s) => s.startsWith('2'));
      assert.ok(successes.length > 0, `${method} ${url} documents a success`);
      if (method === 'delete') assert.ok(successes.includes('204'), `${method} ${url} answers 204`);
    }
  }
});

test('bad URLs and over-long ids answer in the error shape; route limits agree with the schemas', async () => {
  const long = await t.app.inject({ url: `/api/v1/invitations/${'a'.repeat(600)}` });
  assert.equal(long.statusCode, 414);
  assert.equal(long.json().code, 'uri_too_long');
  const badEncoding = await t.app.inject({ url: '/api/v1/invitations/%E0%A4%A' });
  assert.equal(badEncoding.statusCode, 400);
  assert.equal(badEncoding.json().code, 'bad_request');
  // The invitation token schema allows 200 characters: 101 reach the route (404), 201 fail validation.
  const token101 = await t.app.inject({ url: `/api/v1/invitations/${'a'.repeat(101)}` });
  assert.equal(token101.statusCode, 404, token101.body);
  const token201 = await t.app.inject({ url: `/api/v1/invitations/${'a'.repeat(201)}` });
  assert.equal(token201.statusCode, 422);
});
