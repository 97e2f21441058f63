/**
 * The authorization servers and the platform API outside /api (`bearer` routes): every registered
 * route × every caller against the table below, security headers and the RFC error shape on every
 * answer, no CSRF or Origin check on the token and revoke endpoints, and generated hostile requests
 * per OAuth endpoint (never a 5xx). The /api consent routes are in the main route table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, TEST_SERVICE_TOKEN, type TestApp, type TestClient } from '../../test/helpers.ts';
import { HOSTILE_STRINGS } from '../../test/hostile-values.ts';
import {
  authorize,
  basic,
  type Client,
  productionClient,
  REDIRECT,
  sandboxClient,
  tokenRequest,
} from './testing.ts';

const CALLERS = ['anonymous', 'browser', 'service', 'bearer', 'otherServer'] as const;
type Caller = (typeof CALLERS)[number];
type Row = {
  url: string;
  method?: 'GET' | 'POST' | 'OPTIONS';
  form?: Record<string, string>;
  client?: boolean;
};

type HostileRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
};

// As in the portal's hostile suite: 1,000 per endpoint and server on PGlite (the bar, ≈ 16 s),
// 200 on PostgreSQL, where the same requests run a second time; HOSTILE_RUNS overrides both.
const RUNS = Number(process.env.HOSTILE_RUNS ?? (process.env.TEST_DB === 'postgres' ? 200 : 1000));

let t: TestApp;
let browser: TestClient;
let sandbox: Client;
let production: Client;
const tokens: Record<'sandbox' | 'production', string> = { sandbox: '', production: '' };
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0, productionAccessAutoApprove: true });
  ({ client: browser } = await t.asNewUser());
  sandbox = await sandboxClient(t, browser);
  production = await productionClient(t, browser, sandbox.appId);
  const { code } = await authorize(browser, sandbox);
  tokens.sandbox = (
    await tokenRequest(
      t,
      { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT },
      '',
      basic(sandbox),
    )
  ).json().access_token;
  tokens.production = (
    await tokenRequest(t, { grant_type: 'client_credentials' }, '/production', basic(production))
  ).json().access_token;
});
after(() => t.close());

/** Each `bearer` route, as the sandbox server answers it; production's twin swaps the prefix and token. */
const ROWS: Record<string, { row: Row; expect: Record<Caller, number> }> = {
  'GET /oauth/token/info': {
    row: { url: '/oauth/token/info' },
    expect: { anonymous: 401, browser: 401, service: 401, bearer: 200, otherServer: 401 },
  },
  'GET /rest/v1.0/me': {
    row: { url: '/rest/v1.0/me' },
    expect: { anonymous: 401, browser: 401, service: 401, bearer: 200, otherServer: 401 },
  },
  'GET /rest/v1.0/companies': {
    row: { url: '/rest/v1.0/companies' },
    expect: { anonymous: 401, browser: 401, service: 401, bearer: 200, otherServer: 401 },
  },
  // The provider's own routes: the client authenticates (Basic), whoever else calls.
  'POST /oauth/*': {
    row: {
      url: '/oauth/token',
      method: 'POST' as const,
      form: { grant_type: 'client_credentials' },
      client: true,
    },
    expect: { anonymous: 200, browser: 200, service: 200, bearer: 200, otherServer: 401 },
  },
  'GET /oauth/*': {
    row: {
      url: `/oauth/authorize?response_type=code&redirect_uri=${encodeURIComponent(REDIRECT)}`,
      client: true,
    },
    expect: { anonymous: 303, browser: 303, service: 303, bearer: 303, otherServer: 400 },
  },
  'OPTIONS /oauth/*': {
    row: { url: '/oauth/token', method: 'OPTIONS' },
    expect: { anonymous: 204, browser: 204, service: 204, bearer: 204, otherServer: 204 },
  },
};

async function call(
  row: Row,
  caller: Caller,
  server: 'sandbox' | 'production',
): Promise<LightMyRequestResponse> {
  const prefix = server === 'production' ? '/production' : '';
  const own = server === 'production' ? production : sandbox;
  const other = server === 'production' ? sandbox : production;
  const client = caller === 'otherServer' ? other : own;
  const headers: Record<string, string> = {};
  if (caller === 'service') headers.authorization = `Bearer ${TEST_SERVICE_TOKEN}`;
  if (caller === 'bearer') headers.authorization = `Bearer ${tokens[server]}`;
  if (caller === 'otherServer')
    headers.authorization = `Bearer ${tokens[server === 'production' ? 'sandbox' : 'production']}`;
  if (row.client && row.method === 'POST') headers.authorization = basic(client);
  let url = `${prefix}${row.url}`;
  if (row.client && row.method !== 'POST') url += `&client_id=${client.clientId}&state=s`;
  if (row.method === 'OPTIONS') {
    headers.origin = 'https://app.example.com';
    headers['access-control-request-method'] = 'POST';
  }
  const options = {
    method: row.method ?? 'GET',
    url,
    headers: { ...headers, ...(row.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(row.form ? { payload: new URLSearchParams(row.form).toString() } : {}),
  } as const;
  // A signed-in browser: its cookies ride along (no CSRF token: none is needed here).
  return caller === 'browser' ? browser.request({ ...options, csrf: false }) : t.app.inject(options);
}

function assertAnswer(res: LightMyRequestResponse, where: string) {
  assert.ok(res.statusCode < 500, `${where}: ${res.statusCode} ${res.body}`);
  assert.ok(res.headers['content-security-policy'], `${where}: security headers`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', where);
  if (res.statusCode >= 400 && res.statusCode !== 429) {
    const body = res.json();
    assert.ok(
      typeof body.error === 'string' || typeof body.code === 'string',
      `${where}: error shape ${res.body}`,
    );
  }
}

test('every bearer route (both servers) is in the table, and every table row is a route', () => {
  const registered = t.app.platformRouteRegistry.map((r) => `${r.method} ${r.url}`).sort();
  const expected = Object.keys(ROWS)
    .flatMap((key) => {
      const [method, url] = key.split(' ');
      return [key, `${method} /production${url}`];
    })
    .sort();
  assert.deepEqual(registered, expected);
});

describe('each bearer route × each caller, on both servers', () => {
  for (const [key, { row, expect }] of Object.entries(ROWS)) {
    test(key, async () => {
      const wrong: string[] = [];
      for (const server of ['sandbox', 'production'] as const) {
        for (const caller of CALLERS) {
          const res = await call(row, caller, server);
          assertAnswer(res, `${server} ${key} as ${caller}`);
          if (res.statusCode !== expect[caller])
            wrong.push(
              `${server} ${caller}: ${res.statusCode} (expected ${expect[caller]}) ${res.body.slice(0, 160)}`,
            );
          if (res.statusCode === 401 && key.startsWith('GET /rest'))
            assert.match(String(res.headers['www-authenticate']), /^Bearer error="invalid_token"/);
        }
      }
      assert.deepEqual(wrong, []);
    });
  }
});

test('token and revoke take cross-site form posts (no CSRF token, a foreign Origin, a session cookie)', async () => {
  for (const url of ['/oauth/token', '/oauth/revoke']) {
    const res = await browser.request({
      method: 'POST' as const,
      url,
      csrf: false,
      headers: {
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(sandbox),
      },
      payload: url.endsWith('token') ? 'grant_type=client_credentials' : 'token=whatever',
    });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  }
});

describe('generated hostile requests: never a 5xx, always an error shape', () => {
  const text = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => typeof s === 'string')),
    fc.string(),
    fc.string({ unit: 'binary' }),
  );
  const form = fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'grant_type',
        'code',
        'redirect_uri',
        'refresh_token',
        'client_id',
        'client_secret',
        'code_verifier',
        'token',
        'scope',
        'token_type_hint',
      ),
      fc.string(),
    ),
    text,
  );
  const grant = fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', 'password', '');
  const contentType = fc.constantFrom(
    'application/x-www-form-urlencoded',
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=x',
    '',
  );
  const auth = fc.oneof(
    fc.constant(undefined),
    text.map((s) => `Basic ${Buffer.from(s).toString('base64')}`),
    text.map((s) => `Bearer ${s}`),
    text,
  );
  const endpoints: Array<[string, (prefix: string) => fc.Arbitrary<HostileRequest>]> = [
    [
      'POST /oauth/token',
      (prefix) =>
        fc
          .record({ body: form, grant, type: contentType, auth })
          .map(({ body, grant: g, type, auth: a }) => ({
            method: 'POST' as const,
            url: `${prefix}/oauth/token`,
            headers: {
              ...(type ? { 'content-type': type } : {}),
              ...(a ? { authorization: a.replace(/[\r\n]/g, '') } : {}),
            },
            payload: new URLSearchParams({ grant_type: g, ...body }).toString(),
          })),
    ],
    [
      'POST /oauth/revoke',
      (prefix) =>
        fc.record({ body: form, auth }).map(({ body, auth: a }) => ({
          method: 'POST' as const,
          url: `${prefix}/oauth/revoke`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(a ? { authorization: a.replace(/[\r\n]/g, '') } : {}),
          },
          payload: new URLSearchParams(body).toString(),
        })),
    ],
    [
      'GET /oauth/authorize',
      (prefix) =>
        form.map((query) => ({
          method: 'GET' as const,
          url: `${prefix}/oauth/authorize?${new URLSearchParams({ client_id: sandbox.clientId, ...query })}`,
        })),
    ],
    [
      'GET /oauth/token/info',
      (prefix) =>
        auth.map((a) => ({
          method: 'GET' as const,
          url: `${prefix}/oauth/token/info`,
          headers: a ? { authorization: a.replace(/[\r\n]/g, '') } : {},
        })),
    ],
    [
      'GET /rest/v1.0/me',
      (prefix) =>
        auth.map((a) => ({
          method: 'GET' as const,
          url: `${prefix}/rest/v1.0/me`,
          headers: a ? { authorization: a.replace(/[\r\n]/g, '') } : {},
        })),
    ],
  ];
  for (const [name, arbitrary] of endpoints) {
    test(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('', '/production').chain(arbitrary), async (request) => {
          const res = await t.app.inject(request);
          assertAnswer(res, `${name} ${JSON.stringify(request).slice(0, 300)}`);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
