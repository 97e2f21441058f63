import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq, lte } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcements,
  appVersions,
  developerAppInvitations,
  developerApps,
  idempotencyKeys,
  marketplaceSubmissions,
} from '../../db/schema/index.ts';
import { createAppAs } from '../../features/apps/testing.ts';
import { enableMarketplace } from '../../features/listings/testing.ts';
import { manifestApp, versionBody } from '../../features/manifests/testing.ts';
import { type TestClient, useTestApp } from '../../test/helpers.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { errorHandler } from './error-handler.ts';
import { IDEMPOTENCY_TTL_MS, REPLAYED_HEADER, registerIdempotency } from './idempotency.ts';
import type { App } from './route.ts';

const t = useTestApp({ sandboxProvisionSeconds: 0 });

/** The headers a signed-in browser sends, fetched once so parallel requests share one CSRF token. */
async function browserHeaders(client: TestClient) {
  const token = (await client.get('/api/v1/config')).json().csrf_token as string;
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { cookie, 'x-csrf-token': token };
}

async function post(client: TestClient, url: string, payload: object, key?: string) {
  const headers = { ...(await browserHeaders(client)), ...(key ? { 'idempotency-key': key } : {}) };
  return t.app.inject({ method: 'POST', url, payload, headers });
}

/** 100 identical requests at once: every answer must be the first one, byte for byte. */
async function hundredAtOnce(client: TestClient, url: string, payload: object) {
  const headers = { ...(await browserHeaders(client)), 'idempotency-key': randomUUID() };
  const responses = await Promise.all(
    Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url, payload, headers })),
  );
  const first = responses[0]!;
  for (const res of responses) {
    assert.equal(res.statusCode, first.statusCode, res.body);
    assert.equal(res.body, first.body);
  }
  assert.equal(responses.filter((res) => res.headers[REPLAYED_HEADER] === undefined).length, 1);
  return first;
}

describe('the create routes that opt in', () => {
  test('100 parallel app creates with one key make one app; every response is the same', async () => {
    const { client } = await t.asNewUser();
    const name = `Idempotent ${randomUUID().slice(0, 8)}`;
    const res = await hundredAtOnce(client, '/api/v1/developer_apps', { internal_name: name });
    assert.equal(res.statusCode, 201);
    const rows = await t.ctx.db.select().from(developerApps).where(eq(developerApps.internalName, name));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.id, res.json().id);
  });

  test('100 parallel invitations with one key make one invitation and no 409s', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client, 'Invites');
    const email = `idem-${randomUUID().slice(0, 8)}@example.com`;
    const res = await hundredAtOnce(client, '/api/v1/invitations', {
      developer_app_id: app.id,
      email,
      role: 'developer',
    });
    assert.equal(res.statusCode, 201, res.body);
    const rows = await t.ctx.db
      .select()
      .from(developerAppInvitations)
      .where(eq(developerAppInvitations.email, email));
    assert.equal(rows.length, 1);
  });

  test('100 parallel announcement creates with one key make one announcement', async () => {
    const { client } = await t.asNewUser({ role: 'admin' });
    const title = `Idempotent ${randomUUID().slice(0, 8)}`;
    const res = await hundredAtOnce(client, '/api/v1/admin/notifications', {
      title,
      summary: 'Once',
      body: 'Only once.',
    });
    assert.equal(res.statusCode, 201, res.body);
    const rows = await t.ctx.db.select().from(announcements).where(eq(announcements.title, title));
    assert.equal(rows.length, 1);
  });

  test('100 parallel manifest version creates with one key make one version', async () => {
    const app = await manifestApp(t);
    const res = await hundredAtOnce(
      app.owner,
      '/api/v1/app_versions',
      versionBody(app.id, 'Sandbox', '0.1.0'),
    );
    assert.equal(res.statusCode, 201, res.body);
    const rows = await t.ctx.db.select().from(appVersions).where(eq(appVersions.developerAppId, app.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.id, res.json().id);
  });

  test('100 parallel listing saves with one key make one submission', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client, 'Listing');
    await enableMarketplace(t, app.id);
    const res = await hundredAtOnce(client, `/api/v1/developer_apps/${app.id}/submissions`, {
      public_name: 'Once',
    });
    assert.equal(res.statusCode, 201, res.body);
    const rows = await t.ctx.db
      .select()
      .from(marketplaceSubmissions)
      .where(eq(marketplaceSubmissions.developerAppId, app.id));
    assert.equal(rows.length, 1);
  });

  test('the same key with a different body is refused at the header, in the error shape', async () => {
    const { client } = await t.asNewUser();
    const key = randomUUID();
    const created = await post(client, '/api/v1/developer_apps', { internal_name: 'One' }, key);
    assert.equal(created.statusCode, 201);
    const other = await post(client, '/api/v1/developer_apps', { internal_name: 'Two' }, key);
    assert.equal(other.statusCode, 422);
    assert.deepEqual(Object.keys(other.json()).sort(), ['code', 'errors', 'fields', 'message', 'request_id']);
    assert.equal(other.json().code, 'validation_failed');
    assert.match(other.json().fields['idempotency-key'][0], /different request/);
    // Another route counts as a different request too.
    const invite = { developer_app_id: created.json().id, email: 'x@example.com', role: 'developer' };
    const elsewhere = await post(client, '/api/v1/invitations', invite, key);
    assert.equal(elsewhere.statusCode, 422);
  });

  test('keys are per user; without a key every request creates', async () => {
    const a = await t.asNewUser();
    const b = await t.asNewUser();
    const key = randomUUID();
    const body = { internal_name: 'Shared key' };
    const fromA = await post(a.client, '/api/v1/developer_apps', body, key);
    const fromB = await post(b.client, '/api/v1/developer_apps', body, key);
    assert.equal(fromB.statusCode, 201);
    assert.equal(fromB.headers[REPLAYED_HEADER], undefined);
    assert.notEqual(fromA.json().id, fromB.json().id);
    const again = await post(a.client, '/api/v1/developer_apps', body, key);
    assert.equal(again.headers[REPLAYED_HEADER], 'true');
    assert.equal(again.json().id, fromA.json().id);
    const noKey1 = await post(a.client, '/api/v1/developer_apps', body);
    const noKey2 = await post(a.client, '/api/v1/developer_apps', body);
    assert.notEqual(noKey1.json().id, noKey2.json().id);
  });

  test('a malformed key is refused at the header before anything is created', async () => {
    const { client, user } = await t.asNewUser();
    const res = await post(client, '/api/v1/developer_apps', { internal_name: 'Long' }, 'k'.repeat(256));
    assert.equal(res.statusCode, 422);
    assert.ok(res.json().fields['idempotency-key']);
    const mine = await client.get('/api/v1/developer_apps');
    assert.equal(mine.json().length, 0, `nothing created for ${user.email}`);
  });

  test('keys rest hashed with the response sealed, and expire after 24 hours (swept on the next claim)', async () => {
    const { client, user } = await t.asNewUser();
    const key = `expiring-${randomUUID()}`;
    const first = await post(client, '/api/v1/developer_apps', { internal_name: 'Expiring' }, key);
    const [row] = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    assert.equal(row!.keyHash, createHash('sha256').update(key).digest('hex'));
    assert.equal(row!.responseStatus, 201);
    assert.doesNotMatch(row!.responseBody!, new RegExp(first.json().id));
    assert.equal(row!.expiresAt.getTime() - row!.createdAt.getTime(), IDEMPOTENCY_TTL_MS);

    t.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
    try {
      const later = await post(client, '/api/v1/developer_apps', { internal_name: 'Expiring' }, key);
      assert.equal(later.statusCode, 201);
      assert.equal(later.headers[REPLAYED_HEADER], undefined);
      assert.notEqual(later.json().id, first.json().id);
      const expired = await t.ctx.db
        .select()
        .from(idempotencyKeys)
        .where(lte(idempotencyKeys.expiresAt, t.clock.now()));
      assert.equal(expired.length, 0, 'every expired row was swept');
    } finally {
      t.clock.advance(-(IDEMPOTENCY_TTL_MS + 1000));
    }
  });

  test('the OpenAPI document lists the header on the create routes only', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const hasHeader = (path: string, method: string) =>
      (doc.paths[path][method].parameters ?? []).some(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    assert.ok(hasHeader('/api/v1/developer_apps', 'post'));
    assert.ok(hasHeader('/api/v1/invitations', 'post'));
    assert.ok(hasHeader('/api/v1/admin/notifications', 'post'));
    assert.ok(!hasHeader('/api/v1/auth/sign_up', 'post'));
  });
});

describe('the platform piece', () => {
  type Handler = (body: { n: number }) => Promise<{ status: number; body: object }>;
  let handler: Handler;
  let app: App;
  const userIds: string[] = [];

  before(async () => {
    app = Fastify().withTypeProvider() as unknown as App;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    app.decorate('ctx', t.ctx);
    registerIdempotency(app, { waitMs: 300, leaseMs: 60_000 });
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = { id: String(request.headers['x-user']) } as SessionUser;
    });
    app.post(
      '/api/v1/things',
      { config: { access: 'user', idempotent: true }, schema: { body: z.object({ n: z.number() }) } },
      async (request, reply) => {
        const result = await handler(request.body);
        return reply.status(result.status).send(result.body);
      },
    );
    await app.ready();
    for (let i = 0; i < 2; i++) userIds.push((await t.createUser()).id);
  });
  after(() => app.close());

  const call = (key: string, n = 1, user = userIds[0]!) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/things',
      payload: { n },
      headers: { 'idempotency-key': key, 'x-user': user },
    });

  test('a server error is not stored: the retry runs again', async () => {
    let runs = 0;
    handler = async () => {
      runs++;
      if (runs === 1) throw new Error('boom');
      return { status: 201, body: { run: runs } };
    };
    const key = randomUUID();
    assert.equal((await call(key)).statusCode, 500);
    const retry = await call(key);
    assert.equal(retry.statusCode, 201);
    assert.deepEqual(retry.json(), { run: 2 });
    assert.equal((await call(key)).headers[REPLAYED_HEADER], 'true');
    assert.equal(runs, 2);
  });

  test("a handler's client error is stored and replayed, not run again", async () => {
    let runs = 0;
    handler = async () => {
      runs++;
      return { status: 409, body: { message: 'taken', run: runs } };
    };
    const key = randomUUID();
    const first = await call(key);
    const second = await call(key);
    assert.equal(second.statusCode, 409);
    assert.equal(second.body, first.body);
    assert.equal(runs, 1);
  });

  test('a retry waits for the running first request, and gives up with 409 after the bounded wait', async () => {
    let release = () => {};
    let runs = 0;
    handler = async () => {
      runs++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { status: 201, body: { run: runs } };
    };
    const key = randomUUID();
    const first = call(key);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const tooLate = await call(key);
    assert.equal(tooLate.statusCode, 409);
    assert.equal(tooLate.json().code, 'conflict');
    assert.equal(tooLate.headers['retry-after'], '1');
    const waiting = call(key);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [a, b] = await Promise.all([first, waiting]);
    assert.equal(b.statusCode, 201);
    assert.equal(b.body, a.body);
    assert.equal(runs, 1);
  });

  test('a claim abandoned by a dead process is taken over after its lease', async () => {
    const key = randomUUID();
    const now = t.clock.now();
    await t.ctx.db.insert(idempotencyKeys).values({
      userId: userIds[1]!,
      keyHash: createHash('sha256').update(key).digest('hex'),
      fingerprint: 'whatever it was',
      createdAt: new Date(now.getTime() - 61_000),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    handler = async () => ({ status: 201, body: { fresh: true } });
    const res = await call(key, 1, userIds[1]);
    assert.equal(res.statusCode, 201);
    assert.deepEqual(res.json(), { fresh: true });
  });

  test('a public route cannot opt in (keys are per user)', async () => {
    const other = Fastify() as unknown as App;
    registerIdempotency(other);
    assert.throws(
      () => other.post('/api/v1/open', { config: { access: 'public', idempotent: true } }, async () => ({})),
      /must require sign-in/,
    );
    await other.close();
  });
});
