import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { APP_EVENTS_URL, appEvent, postEvents } from './testing.ts';

let t: TestApp;
let owner: TestClient;
let appId: string;
const OLD_TOKEN = 'old-service-token-old-service-token-0123';
const NEW_TOKEN = 'new-service-token-new-service-token-0123';

before(async () => {
  t = await createTestApp();
  owner = (await t.asNewUser()).client;
  appId = (await createAppAs(owner, 'Ingested App')).id;
});
after(() => t.close());

const report = async () => (await owner.get(`/api/v1/developer_apps/${appId}/metrics?range=30`)).json();

describe('who may post app events', () => {
  test('no token, a wrong token, a session instead of a token: 401 in the one error shape', async () => {
    const body = { events: [appEvent(appId)] };
    const calls = [
      t.client().post(APP_EVENTS_URL, body),
      t.service('wrong-token-wrong-token-wrong-token-000').post(APP_EVENTS_URL, body),
      t.client().request({
        method: 'POST',
        url: APP_EVENTS_URL,
        payload: body,
        headers: { authorization: 'Basic abc' },
      }),
      owner.post(APP_EVENTS_URL, body),
    ];
    for (const res of await Promise.all(calls)) {
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(res.json().code, 'unauthenticated');
      assert.equal(res.headers['www-authenticate'], 'Bearer');
    }
    assert.equal((await report()).daily_app_installations_aggregates.total_count, 0);
  });

  test('rotation: both tokens work while both are configured; the rotated-out one then fails', async () => {
    const tokens = t.ctx.config.serviceTokens;
    try {
      t.ctx.config.serviceTokens = [NEW_TOKEN, OLD_TOKEN];
      for (const token of [OLD_TOKEN, NEW_TOKEN]) {
        const res = await t
          .service(token)
          .post(APP_EVENTS_URL, { events: [appEvent(appId, { type: 'update' })] });
        assert.equal(res.statusCode, 202, res.body);
      }
      t.ctx.config.serviceTokens = [NEW_TOKEN];
      const old = await t.service(OLD_TOKEN).post(APP_EVENTS_URL, { events: [appEvent(appId)] });
      assert.equal(old.statusCode, 401);
      assert.equal(
        (await t.service(NEW_TOKEN).post(APP_EVENTS_URL, { events: [appEvent(appId, { type: 'update' })] }))
          .statusCode,
        202,
      );
    } finally {
      t.ctx.config.serviceTokens = tokens;
    }
  });

  test('no CSRF token is needed (no cookie is involved)', async () => {
    const res = await t.service().request({
      method: 'POST',
      url: APP_EVENTS_URL,
      payload: { events: [appEvent(appId, { type: 'update' })] },
      csrf: false,
    });
    assert.equal(res.statusCode, 202, res.body);
  });
});

describe('validation', () => {
  test('the batch itself: not a list, empty, over 1,000 events, unknown fields', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ events: 'x' }, 'events', 'Events must be a list'],
      [{ events: [] }, 'events', 'Send at least one event'],
      [
        { events: Array.from({ length: 1001 }, () => ({})) },
        'events',
        'At most 1000 events can be sent at once',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.service().post(APP_EVENTS_URL, body);
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().code, 'validation_failed');
      assert.deepEqual(res.json().fields[field], [message]);
    }
    const extra = await t.service().post(APP_EVENTS_URL, { events: [appEvent(appId)], more: 1 });
    assert.equal(extra.statusCode, 422);
  });

  test('each field of an event, named in its result; the good events of the batch are kept', async () => {
    const good = appEvent(appId, { company_id: 'good-co', company_name: 'Good Co' });
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ ...appEvent(appId), id: '' }, 'id', 'Event id is required'],
      [{ ...appEvent(appId), id: 'has space' }, 'id', 'Event id must be printable ASCII without spaces'],
      [{ ...appEvent(appId), type: 'delete' }, 'type', 'Type must be install, uninstall or update'],
      [{ ...appEvent(appId), company_id: ' ' }, 'company_id', 'Company id is required'],
      [
        { ...appEvent(appId), company_name: 'x'.repeat(256) },
        'company_name',
        'Company name must be at most 255 characters',
      ],
      [
        { ...appEvent(appId), company_is_demo: 'yes' },
        'company_is_demo',
        'Company is demo must be true or false',
      ],
      [
        { ...appEvent(appId), user_email_address: 'nobody' },
        'user_email_address',
        'User e-mail address must be an e-mail address',
      ],
      [
        { ...appEvent(appId), occurred_at: 'yesterday' },
        'occurred_at',
        'Occurred at must be an ISO 8601 date-time',
      ],
      [{ ...appEvent(appId), status: '' }, 'status', 'Status is required'],
      [
        { ...appEvent(appId), app_version: 'x'.repeat(51) },
        'app_version',
        'App version must be at most 50 characters',
      ],
      [{ ...appEvent(appId), surprise: 1 }, 'event', 'Unrecognized key: "surprise"'],
      [
        { ...appEvent(appId), developer_app_id: '00000000-0000-4000-8000-000000000000' },
        'developer_app_id',
        'No developer app is known by this reference',
      ],
      [
        { ...appEvent(appId), client_id: 'nope' },
        'client_id',
        'Name the app by exactly one of developer_app_id, client_id or app_version_key',
      ],
      [
        { ...appEvent(appId), developer_app_id: undefined },
        'developer_app_id',
        'Name the app by exactly one of developer_app_id, client_id or app_version_key',
      ],
    ];
    const res = await postEvents(t, [good, ...bad.map(([event]) => event)]);
    assert.equal(res.statusCode, 202, res.body);
    const body = res.json();
    assert.deepEqual([body.accepted, body.duplicate, body.rejected], [1, 0, bad.length]);
    assert.deepEqual(body.results[0], { index: 0, id: good.id, result: 'accepted' });
    for (const [i, [, field, message]] of bad.entries()) {
      const result = body.results[i + 1];
      assert.equal(result.index, i + 1);
      assert.equal(result.result, 'rejected');
      assert.deepEqual(result.errors[field], [message], `${field}: ${JSON.stringify(result.errors)}`);
    }
    const installs = await owner.get(`/api/v1/developer_apps/${appId}/installations`);
    // Good Co, and the company the rotation test's updates named: none of the rejected events'.
    assert.deepEqual(
      installs.json().map((row: { company_name: string }) => row.company_name),
      ['Good Co', 'Acme Builders'],
    );
  });
});

describe('idempotency and order', () => {
  test('a replayed batch and 100 parallel copies change nothing', async () => {
    const batch = [
      appEvent(appId, { company_id: 'rep-1', company_name: 'Replay One' }),
      appEvent(appId, { company_id: 'rep-2', company_name: 'Replay Two' }),
    ];
    const before = (await report()).daily_app_installations_aggregates.total_count;
    const first = (await postEvents(t, batch)).json();
    assert.equal(first.accepted, 2);
    const replay = (await postEvents(t, batch)).json();
    assert.deepEqual([replay.accepted, replay.duplicate], [0, 2]);
    const copies = await Promise.all(Array.from({ length: 100 }, () => postEvents(t, batch)));
    for (const res of copies) assert.equal(res.json().duplicate, 2);
    assert.equal((await report()).daily_app_installations_aggregates.total_count, before + 2);
    // Fresh events sent 100 times at once: exactly one copy is accepted.
    const fresh = [appEvent(appId, { company_id: 'par-1', company_name: 'Parallel' })];
    const parallel = await Promise.all(Array.from({ length: 100 }, () => postEvents(t, fresh)));
    assert.equal(parallel.filter((res) => res.json().accepted === 1).length, 1);
    assert.equal((await report()).daily_app_installations_aggregates.total_count, before + 3);
    // The same id twice in one batch: the second is a duplicate.
    const twice = (await postEvents(t, [fresh[0], fresh[0]])).json();
    assert.deepEqual(
      twice.results.map((r: { result: string }) => r.result),
      ['duplicate', 'duplicate'],
    );
  });

  test('an uninstall arriving before its install converges on the same state as in order', async () => {
    const at = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();
    const install = appEvent(appId, {
      id: 'ooo-install',
      company_id: 'ooo',
      company_name: 'Order Co',
      occurred_at: at(10),
    });
    const uninstall = appEvent(appId, {
      id: 'ooo-uninstall',
      type: 'uninstall',
      company_id: 'ooo',
      company_name: 'Order Co',
      occurred_at: at(5),
    });
    await postEvents(t, [uninstall]);
    await postEvents(t, [install]);
    const rows = (await owner.get(`/api/v1/developer_apps/${appId}/installations?per_page=100`)).json();
    const row = rows.find((r: { company_name: string }) => r.company_name === 'Order Co');
    assert.equal(row.status, 'uninstalled');
    assert.equal(row.procore_updated_at, at(5));
    const metrics = await report();
    assert.ok(metrics.daily_app_uninstallations_aggregates.total_count >= 1);
  });

  test('the app by OAuth client id or App Version Key', async () => {
    const app = (await owner.get(`/api/v1/developer_apps/${appId}`)).json();
    await t.drainJobs();
    const sandbox = (await owner.get(`/api/v1/developer_apps/${appId}`)).json().sandbox ?? app.sandbox;
    const clientId = sandbox?.app_id;
    if (clientId) {
      const res = await postEvents(t, [
        appEvent(appId, { client_id: clientId, company_id: 'by-client', company_name: 'By Client' }),
      ]);
      assert.equal(res.json().accepted, 1, res.body);
    }
    const res = await postEvents(t, [
      appEvent(appId, { app_version_key: '11111111-1111-4111-8111-111111111111' }),
    ]);
    assert.deepEqual(res.json().results[0].errors, {
      app_version_key: ['No developer app is known by this reference'],
    });
  });
});
