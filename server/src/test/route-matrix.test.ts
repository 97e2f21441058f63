/**
 * Every registered /api route × every persona against the status the route table declares. Folds in
 * the collaborator role matrix (issue 4) and the generic access checks: a route's expectations must
 * agree with the access level it declares, and a route missing from the table fails the file.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { App } from '../platform/http/route.ts';
import { createRouteTestApp, PERSONAS, type Persona, useRouteFixtures } from './route-fixtures.ts';
import { allowedPersonas, callRoute, mergeRouteTables, routeTable } from './route-table.ts';

const t = await createRouteTestApp();
const table = routeTable(t.app);
const fx = useRouteFixtures(t);

test('a registered route missing from the table, or a table entry without a route, fails loudly', () => {
  const withNew = {
    routeRegistry: [...t.app.routeRegistry, { method: 'GET', url: '/api/v1/new', access: 'user' }],
  };
  assert.throws(() => routeTable(withNew as App), /missing from the route table.*GET \/api\/v1\/new/);
  const withoutOne = { routeRegistry: t.app.routeRegistry.slice(1) };
  assert.throws(() => routeTable(withoutOne as App), /not registered: GET /);
  const row = table[0]!.spec;
  assert.throws(
    () => mergeRouteTables([{ 'GET /api/v1/twice': row }, { 'GET /api/v1/twice': row }]),
    /GET \/api\/v1\/twice is in two route tables/,
  );
});

test("every route's expectations agree with the access it declares", () => {
  assert.ok(table.length > 40, `${table.length} routes`);
  for (const { key, access, spec } of table) {
    const { anonymous, service, ...signedIn } = spec.expect;
    if (access === 'service') {
      assert.ok(service < 400, `${key} is for services`);
      for (const [persona, status] of Object.entries({ anonymous, ...signedIn }))
        assert.equal(status, 401, `${key} needs a service token (${persona})`);
      continue;
    }
    // A service's token is no session: it gets what an anonymous caller gets.
    assert.equal(service, anonymous, `${key}: a service is as anonymous`);
    if (access === 'public') assert.ok(anonymous < 400, `${key} is public`);
    else assert.equal(anonymous, 401, `${key} needs sign-in`);
    if (access === 'admin') {
      for (const persona of ['stranger', 'developer', 'appAdmin', 'owner'] as const)
        assert.equal(signedIn[persona], 403, `${key} is staff-only (${persona})`);
    }
  }
});

describe('each route as each persona', () => {
  for (const route of table) {
    test(route.key, async () => {
      const wrong: string[] = [];
      for (const persona of PERSONAS) {
        const res = await callRoute(fx, route, persona);
        if (res.statusCode !== route.spec.expect[persona])
          wrong.push(
            `${persona}: ${res.statusCode} (expected ${route.spec.expect[persona]}) ${res.body.slice(0, 200)}`,
          );
        if (res.statusCode >= 400) assert.ok(res.json().code, `${persona}: error shape`);
      }
      assert.deepEqual(wrong, []);
    });
  }
});

describe('an unknown body field is refused at its name, never dropped (every route that takes a JSON body)', () => {
  const isPlainObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
  for (const route of table) {
    const persona = allowedPersonas(route)[0];
    if (!persona || route.method === 'GET') continue;
    test(route.key, async (context) => {
      const call = await route.spec.call(fx, persona);
      if (!isPlainObject(call.payload) || call.headers?.['content-type']) return context.skip('no JSON body');
      const client = call.client ?? fx.browser(persona);
      const res = await client.request({
        method: route.method as 'POST',
        url: call.url,
        payload: { ...call.payload, unexpected_field: 'admin' },
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(res.json().fields?.unexpected_field, ['Unknown field'], res.body);
    });
  }
});

test('the permission flags follow the role matrix', async () => {
  const flags = async (persona: Persona) =>
    (await fx.clients[persona].get(`/api/v1/developer_app_permissions?developer_app_id=${fx.app.id}`)).json();
  const owner = {
    canEdit: true,
    canModifyCredentials: true,
    canModifyManifests: true,
    canSubmitMarketplaceApp: true,
    canDestroy: true,
    canViewClientCredentials: true,
  };
  const expected = {
    owner,
    appAdmin: { ...owner, canDestroy: false },
    developer: {
      ...owner,
      canEdit: false,
      canModifyCredentials: false,
      canModifyManifests: false,
      canSubmitMarketplaceApp: false,
      canDestroy: false,
    },
  };
  for (const persona of ['owner', 'appAdmin', 'developer'] as const) {
    const actual = await flags(persona);
    for (const [flag, value] of Object.entries(expected[persona]))
      assert.equal(actual[flag], value, `${persona}.${flag}`);
  }
});

test('a deleted app is gone for everyone, its owner included', async () => {
  const app = await fx.freshApp();
  assert.equal((await fx.clients.owner.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 204);
  for (const persona of PERSONAS) {
    const res = await fx.clients[persona].get(`/api/v1/developer_apps/${app.id}`);
    assert.equal(res.statusCode, persona === 'anonymous' || persona === 'service' ? 401 : 404, persona);
  }
});
