/**
 * Security headers and cookie flags on every route of the route table (each called as anonymous and
 * as someone allowed), on the pages and errors outside it, and on a portal served over https.
 */
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { INSTANCE_HEADER } from '../platform/http/security-headers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createRouteTestApp, useRouteFixtures } from './route-fixtures.ts';
import { allowedPersonas, callRoute, routeTable } from './route-table.ts';

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  secure?: boolean;
};

const t = await createRouteTestApp();
const table = routeTable(t.app);
const fx = useRouteFixtures(t);

/** Every Set-Cookie answered over http, with where it came from. */
const cookiesSeen: Array<{ where: string; cookie: Cookie }> = [];

function assertSecurityHeaders(res: LightMyRequestResponse, where: string, options: { https: boolean }) {
  const csp = String(res.headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  assert.equal(directives.get('object-src'), "'none'", `${where}: object-src in ${csp}`);
  assert.equal(directives.get('base-uri'), "'self'", `${where}: base-uri`);
  assert.equal(directives.get('frame-ancestors'), "'none'", `${where}: frame-ancestors`);
  assert.equal(directives.get('default-src'), "'self'", `${where}: default-src`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', where);
  assert.equal(res.headers[INSTANCE_HEADER], `${hostname()}-${process.pid}`, `${where}: the instance's name`);
  assert.equal(res.headers['referrer-policy'], 'no-referrer', where);
  if (options.https) assert.match(String(res.headers['strict-transport-security']), /max-age=\d{7,}/, where);
  else assert.equal(res.headers['strict-transport-security'], undefined, `${where}: no HSTS over http`);
}

/** Cookies scoped tighter than the whole site on purpose: the device cookie only goes to sign-in. */
const COOKIE_PATHS: Record<string, string> = { portal_device: '/api/v1/auth' };

function assertCookieFlags(cookie: Cookie, where: string, options: { https: boolean }) {
  const name = `${where}: ${cookie.name}`;
  assert.equal(cookie.httpOnly, true, `${name} HttpOnly`);
  assert.equal(cookie.sameSite?.toLowerCase(), 'lax', `${name} SameSite=Lax`);
  assert.equal(cookie.path, COOKIE_PATHS[cookie.name] ?? '/', `${name} Path`);
  assert.equal(Boolean(cookie.secure), options.https, `${name} Secure only on https`);
}

describe('every /api route, as anonymous and as someone allowed', () => {
  for (const route of table) {
    test(route.key, async () => {
      const caller = allowedPersonas(route).find((persona) => persona !== 'anonymous') ?? 'owner';
      for (const persona of ['anonymous', caller] as const) {
        const res = await callRoute(fx, route, persona);
        const where = `${route.key} as ${persona} (${res.statusCode})`;
        assertSecurityHeaders(res, where, { https: false });
        const ok = res.statusCode < 300;
        const cacheControl = ok && route.spec.cacheControl ? route.spec.cacheControl : 'no-store';
        assert.equal(res.headers['cache-control'], cacheControl, `${where}: Cache-Control`);
        for (const cookie of res.cookies as Cookie[]) cookiesSeen.push({ where, cookie });
      }
    });
  }
});

test('every cookie set over http is HttpOnly, SameSite=Lax, Path=/ (device cookie: sign-in only), not Secure', () => {
  const names = new Set(cookiesSeen.map(({ cookie }) => cookie.name));
  for (const name of ['portal.session_token', 'portal_device', 'portal_csrf'])
    assert.ok(names.has(name), `${name} was set by some route (seen: ${[...names].join(', ')})`);
  for (const { where, cookie } of cookiesSeen) assertCookieFlags(cookie, where, { https: false });
});

test('pages, health checks and unknown paths carry the headers too; unknown /api paths are not cached', async () => {
  for (const url of ['/healthz', '/readyz', '/', '/apps/123', '/assets/missing.js', '/index.js.map']) {
    assertSecurityHeaders(await t.app.inject({ url }), url, { https: false });
  }
  const unknown = await t.app.inject({ url: '/api/v1/no-such-route' });
  assertSecurityHeaders(unknown, 'unknown /api path', { https: false });
  assert.equal(unknown.headers['cache-control'], 'no-store');
});

describe('a portal whose PUBLIC_URL is https', () => {
  let secure: TestApp;
  before(async () => {
    secure = await createTestApp({ publicUrl: 'https://portal.example' });
  });
  after(() => secure.close());

  test('signing in sets Secure cookies (session under __Secure-), and every response sends HSTS', async () => {
    const user = await secure.createUser();
    const client = secure.client();
    const config = await client.get('/api/v1/config');
    const signIn = await client.post('/api/v1/auth/sign_in', {
      email: user.email,
      password: 'correct horse battery',
    });
    assert.equal(signIn.statusCode, 200, signIn.body);
    const cookies = [...(config.cookies as Cookie[]), ...(signIn.cookies as Cookie[])];
    const names = cookies.map((cookie) => cookie.name);
    for (const name of ['__Secure-portal.session_token', 'portal_device', 'portal_csrf'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    for (const cookie of cookies) assertCookieFlags(cookie, 'https sign-in', { https: true });
    for (const res of [config, signIn]) assertSecurityHeaders(res, 'https', { https: true });

    const me = await client.get('/api/v1/me');
    assert.equal(me.statusCode, 200, 'the __Secure- session cookie is read back');
    assertSecurityHeaders(me, 'GET /me over https', { https: true });
    const signOut = await client.post('/api/v1/auth/sign_out');
    for (const cookie of signOut.cookies as Cookie[])
      assertCookieFlags(cookie, 'https sign-out', { https: true });
  });
});
