import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { bucketData, createOauthClient } from './testing.ts';

const V = '/api/v1/admin/quota_minder_servers';
let t: TestApp;
let admin: TestClient;
let client: { id: string; clientId: string };

before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin', email: 'ops@staff.example.com' })).client;
  const owner = await t.createUser({ name: 'Olive Owner' });
  client = await createOauthClient(t.ctx, owner.id, 'Crane Log', 'crane-log-client');
});
after(() => t.close());

const withTemplates = (templates: unknown[]) => ({
  data: { ...bucketData('crane-log-client').data, bucket_templates: templates },
});
/** A bucket of one template: a valid `main` one with `changes`. */
const withTemplate = (changes: Record<string, unknown>) =>
  withTemplates([{ name: 'main', fill_type: 'count', limit: 1, interval_ms: 1000, ...changes }]);

describe('rate-limit buckets: admin CRUD (spec admin §7)', () => {
  test('lists the servers from config: six, or Staging alone on the QA host', async () => {
    const res = await admin.get(`${V}`);
    assert.deepEqual(res.json().servers, [
      'Production_US01',
      'Production_US02',
      'Production_UK01',
      'Monthly_Sandbox_US01',
      'Monthly_Sandbox_US02',
      'Integrator_Sandbox',
    ]);
    const qa = await createTestApp({ qaHost: 'qa.example.com' });
    try {
      const qaAdmin = (await qa.asNewUser({ role: 'admin' })).client;
      assert.deepEqual((await qaAdmin.get(V)).json().servers, ['Staging']);
      assert.equal((await qaAdmin.get(`${V}/Staging/buckets`)).statusCode, 200);
      assert.equal((await qaAdmin.get(`${V}/Production_US01/buckets`)).statusCode, 404);
    } finally {
      await qa.close();
    }
  });

  test('create, read on its server only, list, update, delete — each in the audit log with before and after', async () => {
    const created = await admin.post(
      `${V}/Production_US01/buckets`,
      bucketData(client.id, 'Crane Log limits'),
    );
    assert.equal(created.statusCode, 201, created.body);
    const bucket = created.json();
    // The row id was accepted; the client id is what is kept (as the admin OAuth list shows it).
    assert.equal(bucket.domain, 'crane-log-client');
    assert.equal(bucket.app_name, 'Crane Log');
    assert.equal(bucket.client_id, '*');
    assert.deepEqual(bucket.ids, { Production_US01: bucket.id });
    assert.deepEqual(bucket.bucket_templates, [
      { name: 'main', fill_type: 'count', limit: 7200, interval_ms: 3_600_000, server: 'Production_US01' },
      { name: 'spike', fill_type: 'count', limit: 100, interval_ms: 10_000, server: 'Production_US01' },
    ]);

    const list = await admin.get(`${V}/Production_US01/buckets`);
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list.json().map((b: { id: string }) => b.id),
      [bucket.id],
    );
    assert.equal(list.headers.total, '1');
    assert.equal(list.headers['per-page'], '50');
    // Each server is its own namespace.
    assert.deepEqual((await admin.get(`${V}/Production_US02/buckets`)).json(), []);
    assert.equal((await admin.get(`${V}/Production_US02/buckets/${bucket.id}`)).statusCode, 404);

    const patched = await admin.patch(`${V}/Production_US01/buckets/${bucket.id}`, {
      data: {
        shadow: true,
        bucket_templates: [{ name: 'main', fill_type: 'quota', limit: 500, interval_ms: 60_000 }],
      },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().shadow, true);
    assert.equal(patched.json().bucket_templates[0].limit, 500);

    const deleted = await admin.delete(`${V}/Production_US01/buckets/${bucket.id}`);
    assert.equal(deleted.statusCode, 204);
    assert.equal((await admin.get(`${V}/Production_US01/buckets/${bucket.id}`)).statusCode, 404);

    const audit = await admin.get(`/api/v1/admin/audit?filters[subject_id]=${bucket.id}`);
    const events = audit.json() as Array<{
      action: string;
      subject_type: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>;
    assert.deepEqual(events.map((e) => e.action).sort(), [
      'quota_bucket.create',
      'quota_bucket.delete',
      'quota_bucket.update',
    ]);
    assert.ok(events.every((e) => e.subject_type === 'quota_bucket'));
    const update = events.find((e) => e.action === 'quota_bucket.update');
    assert.deepEqual(update?.before.shadow, false);
    assert.deepEqual(update?.after.shadow, true);
    assert.equal((update?.after.bucket_templates as Array<{ limit: number }> | undefined)?.[0]?.limit, 500);
    assert.equal(events.find((e) => e.action === 'quota_bucket.delete')?.after.name, null);
  });

  const refusals: Array<[string, unknown, string]> = [
    [
      'a domain that is no OAuth application',
      { data: { ...bucketData('nope').data } },
      "Domain must be the client ID of an OAuth application; 'nope' is none",
    ],
    [
      'a client_id other than *',
      { data: { ...bucketData('crane-log-client').data, client_id: 'abc' } },
      "Client ID must be '*'",
    ],
    ['a blank name', { data: { ...bucketData('crane-log-client').data, name: '  ' } }, "Name can't be blank"],
    ['no templates', withTemplates([]), 'A bucket needs at least one template'],
    ['an unknown template name', withTemplate({ name: 'burst' }), 'Template 1: name must be main or spike'],
    [
      'an unknown fill type',
      withTemplate({ fill_type: 'bytes' }),
      'Template 1: fill type must be count or quota',
    ],
    [
      'a limit of 0',
      withTemplate({ limit: 0 }),
      'Template 1: limit must be a whole number from 1 to 1,000,000',
    ],
    [
      'a fractional limit',
      withTemplate({ limit: 2.5 }),
      'Template 1: limit must be a whole number from 1 to 1,000,000',
    ],
    [
      'an interval under a second',
      withTemplate({ limit: 5, interval_ms: 999 }),
      'Template 1: interval must be a whole number of milliseconds from 1,000 to 2,678,400,000',
    ],
    [
      'another server',
      withTemplate({ name: 'spike', limit: 5, server: 'Production_UK01' }),
      "Template 1: server must be Production_US01, the bucket's server",
    ],
  ];
  for (const [what, body, message] of refusals) {
    test(`refuses ${what} with 400 and the page's message`, async () => {
      const res = await admin.post(`${V}/Production_US01/buckets`, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, 'bad_request');
      assert.equal(res.json().message, message);
      assert.deepEqual(res.json().errors, [message]);
    });
  }

  test('a second bucket for the same domain on a server is a conflict; another server is fine', async () => {
    assert.equal(
      (await admin.post(`${V}/Production_UK01/buckets`, bucketData('crane-log-client'))).statusCode,
      201,
    );
    const again = await admin.post(`${V}/Production_UK01/buckets`, bucketData('crane-log-client'));
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'This domain already has a bucket on Production_UK01; edit that one');
    assert.equal(
      (await admin.post(`${V}/Integrator_Sandbox/buckets`, bucketData('crane-log-client'))).statusCode,
      201,
    );
  });

  test('an unknown server is 404; developers 403; anonymous 401', async () => {
    const unknown = await admin.get(`${V}/Mars_01/buckets`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'Unknown server: Mars_01');
    assert.equal((await admin.post(`${V}/Mars_01/buckets`, bucketData('crane-log-client'))).statusCode, 404);
    const developer = (await t.asNewUser()).client;
    assert.equal((await developer.get(`${V}/Production_US01/buckets`)).statusCode, 403);
    assert.equal(
      (await developer.post(`${V}/Production_US01/buckets`, bucketData('crane-log-client'))).statusCode,
      403,
    );
    assert.equal((await t.client().get(`${V}/Production_US01/buckets`)).statusCode, 401);
  });
});
