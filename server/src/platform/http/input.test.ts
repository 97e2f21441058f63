import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createAppAs } from '../../features/apps/testing.ts';
import { enableMarketplace, logoPng, SHOWCASE_MP4, screenshot } from '../../features/listings/testing.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/helpers.ts';
import type { OpenApiDocument } from '../../test/hostile-requests.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';
import { UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

let t: TestApp;
let admin: TestClient;
before(async () => {
  t = await createTestApp();
  ({ client: admin } = await t.asNewUser({ role: 'admin' }));
});
after(() => t.close());

const SOME_ID = '00000000-0000-4000-8000-000000000000';
type OpenApiOperation = OpenApiDocument['paths'][string][string] & {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
};

/**
 * Scratch files this process left in the data dir's upload temp space. Only its own folder
 * (`uploads/tmp/<pid>@<host>`): test files running beside this one share the data dir, and their
 * uploads in flight are theirs.
 */
async function scratchFiles() {
  const dir = path.join(t.ctx.config.dataDir, 'uploads', 'tmp', `${process.pid}@${hostname()}`);
  return (await readdir(dir, { recursive: true }).catch(() => [])).filter((name) => name.endsWith('.upload'));
}
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function assertRefusedAt(res: LightMyRequestResponse, field: string, what: string) {
  assert.equal(res.statusCode, 422, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  assert.equal(res.json().code, 'validation_failed', what);
  assert.deepEqual(res.json().fields, { [field]: [UNSTORABLE_TEXT_MESSAGE] }, what);
}

describe('text PostgreSQL cannot store', () => {
  test('a NUL in any path parameter, query string or body is refused at that field on every route', async () => {
    const service = t.service();
    for (const route of t.app.routeRegistry) {
      // Machine routes are called with the service token (no session reaches them).
      const caller = route.access === 'service' ? service : admin;
      const what = `${route.method} ${route.url}`;
      const method = route.method as 'GET';
      const param = /:(\w+)/.exec(route.url)?.[1];
      if (param) {
        const url = route.url.replace(/:(\w+)/g, (_, name) => (name === param ? 'a%00b' : SOME_ID));
        assertRefusedAt(await caller.request({ method, url }), param, `${what} (path)`);
      }
      const url = route.url.replace(/:(\w+)/g, SOME_ID);
      assertRefusedAt(await caller.request({ method, url: `${url}?probe=%00` }), 'probe', `${what} (query)`);
      if (STATE_CHANGING.has(route.method)) {
        const payload = { probe: { nested: ['ok', 'a\u0000b'] } };
        assertRefusedAt(await caller.request({ method, url, payload }), 'probe.nested.1', `${what} (body)`);
      }
    }
  });

  test('unpaired surrogates and NUL in keys are refused too', async () => {
    const lone = await admin.patch('/api/v1/me', { name: 'half \ud83d a smile' });
    assertRefusedAt(lone, 'name', 'lone surrogate');
    const key = await admin.patch('/api/v1/me', { 'na\u0000me': 'x' });
    assertRefusedAt(key, 'na\ufffdme', 'NUL in a key');
    const pair = await admin.patch('/api/v1/me', { name: 'a whole smile \ud83d\ude00' });
    assert.equal(pair.statusCode, 200, pair.body);
    assert.equal(pair.json().name, 'a whole smile 😀');
  });

  test('the inputs the probe found each get a 422 naming the field', async () => {
    const nul = 'a\u0000b';
    const anonymous = t.client();
    const reset = await anonymous.post('/api/v1/auth/reset_password', {
      token: nul,
      password: TEST_PASSWORD,
    });
    assertRefusedAt(reset, 'token', 'reset token');
    assertRefusedAt(
      await admin.post('/api/v1/developer_apps', { internal_name: nul }),
      'internal_name',
      'create',
    );
    const app = await createAppAs(admin);
    const url = `/api/v1/developer_apps/${app.id}`;
    assertRefusedAt(await admin.patch(url, { developer_app: { name: nul } }), 'developer_app.name', 'name');
    const contacts = { developer_app: { contacts: [{ name: nul, email: 'c@example.com' }] } };
    assertRefusedAt(await admin.patch(url, contacts), 'developer_app.contacts.0.name', 'contacts');
    const form = multipart([{ name: 'developer_app[name]', value: nul }]);
    const formRes = await admin.request({ method: 'PATCH', url, ...form });
    assertRefusedAt(formRes, 'name', 'form name');
    assertRefusedAt(await admin.patch('/api/v1/me', { company_name: nul }), 'company_name', 'profile');
    const announcement = { title: nul, summary: 'S', body: 'B' };
    const created = await admin.post('/api/v1/admin/notifications', announcement);
    assertRefusedAt(created, 'title', 'announcement');
    const oauth = await admin.get('/api/v1/oauth_applications/a%00b');
    assertRefusedAt(oauth, 'id', 'oauth application id');
    assertRefusedAt(await admin.get('/api/v1/admin/outbox?to=%00'), 'to', 'outbox filter');
    // Nothing was stored on the way.
    assert.equal((await admin.get(url)).json().name, null);
  });
});

describe('file names', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  /** Every route that takes files, each file field with a file that fits it and the field its errors name. */
  async function fileRoutes() {
    const app = await createAppAs(admin);
    await enableMarketplace(t, app.id);
    const listing = await admin.post(`/api/v1/developer_apps/${app.id}/submissions`, {
      public_name: 'Names',
    });
    assert.equal(listing.statusCode, 201, listing.body);
    const submission = listing.json().id;
    const png = { type: 'image/png', data: pngBytes(64, 64) };
    const listingFiles = [
      { name: 'submission[small_logo]', field: 'small_logo', type: 'image/png', data: logoPng() },
      {
        name: 'submission[pictures_attributes][0][file]',
        field: 'pictures_attributes.0.file',
        type: 'image/png',
        data: screenshot(),
      },
      {
        name: 'submission[security_questionnaire_document_attributes][file]',
        field: 'security_questionnaire_document_attributes.file',
        type: 'application/pdf',
        data: PDF,
      },
    ];
    const thumbnail = { name: 'developer_app[thumbnail]', field: 'thumbnail', ...png };
    return {
      'PUT /api/v1/developer_apps/{id}': { url: `/api/v1/developer_apps/${app.id}`, files: [thumbnail] },
      'PATCH /api/v1/developer_apps/{id}': { url: `/api/v1/developer_apps/${app.id}`, files: [thumbnail] },
      'PUT /api/v1/admin/developer_apps/{id}': {
        url: `/api/v1/admin/developer_apps/${app.id}`,
        files: [thumbnail],
      },
      'POST /api/v1/developer_apps/{id}/submissions': {
        url: `/api/v1/developer_apps/${app.id}/submissions`,
        files: listingFiles,
      },
      'POST /api/v1/admin/developer_apps/{id}/submissions': {
        url: `/api/v1/admin/developer_apps/${app.id}/submissions`,
        files: listingFiles,
      },
      'PATCH /api/v1/submissions/{id}': { url: `/api/v1/submissions/${submission}`, files: listingFiles },
      'PATCH /api/v1/admin/submissions/{id}': {
        url: `/api/v1/admin/submissions/${submission}`,
        files: listingFiles,
      },
      'POST /api/v1/videos': {
        url: `/api/v1/videos?developer_app_id=${app.id}`,
        files: [{ name: 'file', field: 'file', type: 'video/mp4', data: SHOWCASE_MP4 }],
      },
    };
  }

  test('a NUL in an uploaded file name is refused at its field on every route that takes files; nothing is kept', async () => {
    const routes = await fileRoutes();
    // Every route whose documented form takes a file is here.
    const doc = (await admin.get('/api/v1/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>).flatMap(
      ([url, operations]) =>
        Object.entries(operations)
          .filter(([, op]) => {
            const form = op.requestBody?.content?.['multipart/form-data']?.schema;
            return Object.values(form?.properties ?? {}).some((property) => property.format === 'binary');
          })
          .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    assert.deepEqual(Object.keys(routes).sort(), documented.sort());
    for (const [route, { url, files }] of Object.entries(routes))
      for (const file of files) {
        const method = route.split(' ')[0] as 'PATCH';
        const form = multipart([{ ...file, filename: 'a\u0000b.png' }]);
        assertRefusedAt(await admin.request({ method, url, ...form }), file.field, `${route} ${file.name}`);
      }
    assert.deepEqual(await scratchFiles(), [], 'no scratch file is left behind');
  });

  test('other hostile names are kept as something safe to show: no path, controls or direction overrides, 255 characters at most', async () => {
    const app = await createAppAs(admin);
    await enableMarketplace(t, app.id);
    const names: Array<[string, string]> = [
      ['../../etc/passwd.png', 'passwd.png'],
      ['photo\u202egnp.exe', 'photognp.exe'],
      ['\u2066tab\tand\u001b[31mescape.png\u2069', 'taband[31mescape.png'],
      [`${'n'.repeat(10_000)}.png`, `${'n'.repeat(251)}.png`],
      ['..', 'video.mp4'],
    ];
    for (const [sent, kept] of names) {
      const form = multipart([{ name: 'file', filename: sent, type: 'video/mp4', data: SHOWCASE_MP4 }]);
      const res = await admin.request({
        method: 'POST',
        url: `/api/v1/videos?developer_app_id=${app.id}`,
        ...form,
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().name, kept, JSON.stringify(sent.slice(0, 40)));
    }
  });
});

describe('bodies that are not the expected object', () => {
  const hostile: Array<[string, string]> = [
    ['a JSON string', '"developer_app"'],
    ['a number', '42'],
    ['an array', '[{"name":"x"}]'],
    ['null', 'null'],
    ['true', 'true'],
  ];

  test('never cause a 5xx on any route, and routes that take a body answer 400/422', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const app = await createAppAs(admin);
    // The app settings take JSON or form data, so no schema declares their body: checked by hand.
    for (const method of ['PATCH', 'PUT'] as const) {
      for (const [name, payload] of hostile) {
        const res = await admin.request({
          method,
          url: `/api/v1/developer_apps/${app.id}`,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(res.statusCode, 422, `${method} with ${name}: ${res.body}`);
        assert.deepEqual(res.json().fields, { body: ['The request body must be a JSON object'] });
      }
    }
    // Signing out (which ignores its body) goes last, so the other routes see a signed-in admin.
    const routes = t.app.routeRegistry
      .filter((r) => STATE_CHANGING.has(r.method))
      .sort((a, b) => Number(a.url.endsWith('/sign_out')) - Number(b.url.endsWith('/sign_out')));
    const service = t.service();
    for (const route of routes) {
      const caller = route.access === 'service' ? service : admin;
      const url = route.url.replace(/:(\w+)/g, SOME_ID);
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const schema = operation?.requestBody?.content['application/json']?.schema;
      // A body that may be left out entirely (`.nullish()`) accepts null on purpose.
      const acceptsNull = JSON.stringify(schema ?? {}).includes('{"type":"null"}');
      for (const [name, payload] of hostile) {
        const res = await caller.request({
          method: route.method as 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        const what = `${route.method} ${route.url} with ${name}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        assert.ok(res.statusCode < 500, what);
        if (schema && !(payload === 'null' && acceptsNull))
          assert.ok([400, 422].includes(res.statusCode), what);
      }
    }
  });
});

describe('body charsets', () => {
  test('a JSON or text body declared in another charset than UTF-8 is refused with 415', async () => {
    const json = JSON.stringify({ email: 'someone@example.com' });
    for (const [type, payload] of [
      ['application/json; charset=utf-16', Buffer.from(json, 'utf16le')],
      ['application/json; charset="ISO-8859-1"', Buffer.from(json, 'latin1')],
      ['text/plain; charset=utf-16le', Buffer.from(json, 'utf16le')],
    ] as const) {
      const res = await t.client().request({
        method: 'POST',
        url: '/api/v1/auth/forgot_password',
        payload,
        headers: { 'content-type': type },
      });
      assert.equal(res.statusCode, 415, `${type}: ${res.body}`);
      assert.equal(res.json().code, 'unsupported_media_type');
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'errors', 'message', 'request_id']);
    }
    for (const type of [
      'application/json; charset=UTF-8',
      'application/json; charset=utf8',
      'application/json',
    ]) {
      const res = await t.client().request({
        method: 'POST',
        url: '/api/v1/auth/forgot_password',
        payload: json,
        headers: { 'content-type': type },
      });
      assert.equal(res.statusCode, 200, `${type}: ${res.body}`);
    }
  });
});
