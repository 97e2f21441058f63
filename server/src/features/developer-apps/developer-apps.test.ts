import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { developerAppMembers, developerApps } from '../../db/schema/index.ts';
import { type TestApp, useTestApp } from '../../test/helpers.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';
import { addMember, createAppAs } from '../apps/testing.ts';

const t = useTestApp({ sandboxProvisionSeconds: 0, dataDir: mkdtempSync(path.join(tmpdir(), 'apps-')) });

/** A URL-encoded form body for a request. */
const urlEncoded = (payload: string) => ({
  payload,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('creating and listing apps', () => {
  test('creates the app, its owner membership, a pending sandbox and records the accepted terms', async () => {
    const { user, client } = await t.asNewUser();
    const res = await client.post('/api/v1/developer_apps', { internal_name: '  Field Sync  ' });
    assert.equal(res.statusCode, 201, res.body);
    const app = res.json();
    assert.equal(app.internal_name, 'Field Sync');
    assert.equal(app.role, 'owner');
    assert.equal(app.production_access, 'none');
    assert.equal(app.uid, null);
    assert.equal(app.sandbox.status, 'pending');
    assert.equal(app.owner.id, user.id);
    assert.ok(app.terms_accepted_at);
    const members = await t.ctx.db
      .select()
      .from(developerAppMembers)
      .where(eq(developerAppMembers.developerAppId, app.id));
    assert.deepEqual(
      members.map((m) => [m.userId, m.role]),
      [[user.id, 'owner']],
    );
    const [row] = await t.ctx.db.select().from(developerApps).where(eq(developerApps.id, app.id));
    assert.match(row!.termsVersion!, /^[0-9a-f]{16}$/);

    const list = await client.get('/api/v1/developer_apps');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list
        .json()
        .map((a: { id: string; role: string; sandbox_status: string; published: boolean }) => [
          a.id,
          a.role,
          a.sandbox_status,
          a.published,
        ]),
      [[app.id, 'owner', 'pending', false]],
    );
  });

  test('creates from form data too, multipart or URL-encoded, plain or developer_app[...] names', async () => {
    const { client } = await t.asNewUser();
    const post = (url: string, body: object) => client.request({ method: 'POST', url, ...body });
    const bodies = [
      multipart([{ name: 'internal_name', value: 'Multipart App' }]),
      multipart([
        { name: 'developer_app[internal_name]', value: 'Nested Multipart' },
        { name: 'thumbnail', filename: 'x.png', type: 'image/png', data: pngBytes(8, 8) },
      ]),
      urlEncoded('internal_name=Encoded+App'),
      {
        payload: 'developer_app%5Binternal_name%5D=Nested%20Encoded',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      },
    ];
    const names = [];
    for (const body of bodies) {
      const res = await post('/api/v1/developer_apps', body);
      assert.equal(res.statusCode, 201, res.body);
      names.push(res.json().internal_name);
    }
    assert.deepEqual(names, ['Multipart App', 'Nested Multipart', 'Encoded App', 'Nested Encoded']);

    const empty = await post('/api/v1/developer_apps', urlEncoded('internal_name=+'));
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json().fields, { internal_name: ['Internal name is required'] });
    const nul = await post(
      '/api/v1/developer_apps',
      multipart([{ name: 'internal_name', value: 'a\u0000b' }]),
    );
    assert.equal(nul.statusCode, 422);
    // Form bodies stay scoped to this route: elsewhere a URL-encoded body is still refused.
    const elsewhere = await post('/api/v1/invitations', urlEncoded('email=x%40example.com'));
    assert.equal(elsewhere.statusCode, 415);
  });

  test('internal_name is required', async () => {
    const { client } = await t.asNewUser();
    for (const body of [{}, { internal_name: '' }, { internal_name: '   ' }]) {
      const res = await client.post('/api/v1/developer_apps', body);
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.deepEqual(res.json().fields.internal_name, ['Internal name is required']);
    }
  });

  test('the list holds only apps I am on, newest first', async () => {
    const { client } = await t.asNewUser();
    const other = await t.asNewUser();
    const first = await createAppAs(client, 'First');
    t.clock.advance(1000);
    const second = await createAppAs(client, 'Second');
    await createAppAs(other.client, 'Not mine');
    const list = (await client.get('/api/v1/developer_apps')).json();
    assert.deepEqual(
      list.map((a: { id: string }) => a.id),
      [second.id, first.id],
    );
  });

  test('the terms and conditions are public', async () => {
    const res = await t.client().get('/api/v1/terms_and_conditions');
    assert.equal(res.statusCode, 200);
    assert.match(res.json().markdown, /^# Developer Terms and Conditions/);
  });
});

describe('who may see and change an app', () => {
  test('a user with no role on the app gets 404 on every app endpoint', async () => {
    const owner = await t.asNewUser();
    const app = await createAppAs(owner.client);
    const { client } = await t.asNewUser();
    const calls = [
      client.get(`/api/v1/developer_apps/${app.id}`),
      client.patch(`/api/v1/developer_apps/${app.id}`, { developer_app: { name: 'x' } }),
      client.put(`/api/v1/developer_apps/${app.id}`, { remove_thumbnail: true }),
      client.delete(`/api/v1/developer_apps/${app.id}`),
      client.get(`/api/v1/developer_apps/${app.id}/thumbnail`),
      client.get(`/api/v1/developer_app_permissions?developer_app_id=${app.id}`),
      client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: true }),
      client.post(`/api/v1/developer_apps/${app.id}/sandbox`),
      client.post(`/api/v1/developer_apps/${app.id}/sandbox/generate_fake`),
      client.patch(`/api/v1/sandboxes/${app.sandbox!.id}`, { redirect_uri: '' }),
      client.post(`/api/v1/sandboxes/${app.sandbox!.id}/reset_secret`),
    ];
    for (const res of await Promise.all(calls)) assert.equal(res.statusCode, 404, res.body);
  });

  test('unknown and malformed ids are 404', async () => {
    const { client } = await t.asNewUser();
    for (const id of ['6f1c2a7e-0000-4000-8000-000000000000', 'nope']) {
      assert.equal((await client.get(`/api/v1/developer_apps/${id}`)).statusCode, 404);
      assert.equal((await client.delete(`/api/v1/developer_apps/${id}`)).statusCode, 404);
    }
  });

  test('the owner gets every flag; a developer only views; an admin cannot delete', async () => {
    const owner = await t.asNewUser();
    const app = await createAppAs(owner.client);
    const dev = await t.asNewUser();
    const admin = await t.asNewUser();
    await addMember(t, app.id, dev.user.id, 'developer');
    await addMember(t, app.id, admin.user.id, 'admin');
    /** The named flags of a member (`redirect_uri` from appFieldPermissions). */
    const expectFlags = async (client: typeof owner.client, expected: Record<string, boolean>) => {
      const flags = (await client.get(`/api/v1/developer_app_permissions?developer_app_id=${app.id}`)).json();
      const actual = { ...flags, redirect_uri: flags.appFieldPermissions.redirect_uri };
      assert.deepEqual(Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key]])), expected);
    };
    await expectFlags(owner.client, {
      canEdit: true,
      canDestroy: true,
      canModifyCredentials: true,
      canGenerateFakeSandbox: false,
      redirect_uri: true,
    });
    await expectFlags(dev.client, {
      canViewClientCredentials: true,
      canEdit: false,
      canModifyCredentials: false,
      canDestroy: false,
      redirect_uri: false,
    });
    await expectFlags(admin.client, { canEdit: true, canDestroy: false });

    const get = await dev.client.get(`/api/v1/developer_apps/${app.id}`);
    assert.equal(get.statusCode, 200);
    assert.equal(get.json().role, 'developer');

    const edit = await dev.client.patch(`/api/v1/developer_apps/${app.id}`, {
      developer_app: { redirect_uri: 'https://example.com/cb' },
    });
    assert.equal(edit.statusCode, 403);
    assert.match(edit.json().message, /redirect_uri/);

    assert.equal((await dev.client.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 403);
    assert.equal((await admin.client.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 403);
    assert.equal(
      (await admin.client.patch(`/api/v1/developer_apps/${app.id}`, { name: 'Ok' })).statusCode,
      200,
    );
  });
});

describe('settings', () => {
  test('saves JSON and form data', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const json = await client.patch(`/api/v1/developer_apps/${app.id}`, {
      developer_app: {
        name: 'Field Sync Pro',
        redirect_uri: 'https://example.com/callback\nhttp://localhost:3000/cb\nurn:ietf:wg:oauth:2.0:oob',
        allowed_cors_domain: 'https://app.example.com, http://localhost:5173',
        connectable: true,
        contacts: [{ name: 'Pat', email: 'pat@example.com' }],
      },
    });
    assert.equal(json.statusCode, 200, json.body);
    assert.equal(json.json().name, 'Field Sync Pro');
    assert.equal(json.json().connectable, true);
    const [pat] = json.json().contacts;
    assert.match(pat.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(pat, {
      id: pat.id,
      name: 'Pat',
      email: 'pat@example.com',
      links: { edit: `/developer_apps/${app.id}/contacts/${pat.id}/edit` },
    });

    const form = multipart([
      { name: 'developer_app[internal_name]', value: 'Renamed' },
      { name: 'developer_app[legacy]', value: 'true' },
    ]);
    const res = await client.request({ method: 'PATCH', url: `/api/v1/developer_apps/${app.id}`, ...form });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().internal_name, 'Renamed');
    assert.equal(res.json().legacy, true);
    assert.equal(res.json().name, 'Field Sync Pro');
  });

  test('redirect URIs: HTTPS only except http://localhost, the OOB URN allowed, no wildcards', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const cases: Array<[string, string | null]> = [
      ['http://example.com/cb', 'Redirect URIs must use HTTPS (http://localhost is the only exception)'],
      [
        'https://example.com/cb\nftp://example.com',
        'Redirect URIs must use HTTPS (http://localhost is the only exception)',
      ],
      ['https://*.example.com/cb', 'Redirect URIs cannot contain wildcards'],
      ['not a uri', 'not a uri is not a valid redirect URI'],
      ['http://127.0.0.1/cb', 'Redirect URIs must use HTTPS (http://localhost is the only exception)'],
      ['urn:ietf:wg:oauth:2.0:oob', null],
      ['http://localhost:8080/callback', null],
      ['https://example.com/a\n\nhttps://example.com/b', null],
    ];
    for (const [value, message] of cases) {
      const res = await client.patch(`/api/v1/developer_apps/${app.id}`, {
        developer_app: { redirect_uri: value },
      });
      if (message) {
        assert.equal(res.statusCode, 422, value);
        assert.deepEqual(res.json().fields.redirect_uri, [message]);
      } else assert.equal(res.statusCode, 200, `${value}: ${res.body}`);
    }
  });

  test('allowed CORS domains are comma-separated origins', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    for (const bad of [
      'example.com',
      'https://example.com/path',
      'https://a.example.com, ftp://b.example.com',
    ]) {
      const res = await client.patch(`/api/v1/developer_apps/${app.id}`, { allowed_cors_domain: bad });
      assert.equal(res.statusCode, 422, bad);
      assert.ok(
        res
          .json()
          .fields.allowed_cors_domain[0].endsWith(
            'must be an origin such as https://app.example.com (no path)',
          ),
      );
    }
    const ok = await client.patch(`/api/v1/developer_apps/${app.id}`, {
      allowed_cors_domain: 'https://a.example.com,https://b.example.com:8443',
    });
    assert.equal(ok.statusCode, 200);
  });

  test('internal_name stays required and unknown fields are refused', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const empty = await client.patch(`/api/v1/developer_apps/${app.id}`, { internal_name: '' });
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json().fields.internal_name, ['Internal name is required']);
    const unknown = await client.patch(`/api/v1/developer_apps/${app.id}`, { uid: 'mine' });
    assert.equal(unknown.statusCode, 422);
  });

  test('a published app keeps its listed fields; others still save', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    await t.ctx.db.update(developerApps).set({ publishedAt: new Date() }).where(eq(developerApps.id, app.id));
    const flags = (await client.get(`/api/v1/developer_app_permissions?developer_app_id=${app.id}`)).json();
    assert.equal(flags.appFieldPermissions.name, false);
    assert.equal(flags.appFieldPermissions.redirect_uri, true);
    const res = await client.patch(`/api/v1/developer_apps/${app.id}`, { name: 'New name' });
    assert.equal(res.statusCode, 403);
    assert.equal(
      res.json().message,
      'This is a published integration so some fields have been disabled. (name)',
    );
    const ok = await client.patch(`/api/v1/developer_apps/${app.id}`, {
      redirect_uri: 'https://example.com/cb',
    });
    assert.equal(ok.statusCode, 200);
  });
});

describe('logo', () => {
  const upload = (
    client: Awaited<ReturnType<TestApp['asNewUser']>>['client'],
    id: string,
    data: Buffer,
    filename = 'logo.png',
    method: 'PATCH' | 'PUT' = 'PATCH',
  ) =>
    client.request({
      method,
      url: `/api/v1/developer_apps/${id}`,
      ...multipart([{ name: 'developer_app[thumbnail]', filename, type: 'image/png', data }]),
    });

  test('a PNG is stored and served with its type and nosniff; a small one gets the notice', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const square = await upload(client, app.id, pngBytes(256, 256));
    assert.equal(square.statusCode, 200, square.body);
    assert.equal(square.json().thumbnail_notice, null);
    const url = square.json().thumbnail_url as string;
    assert.match(url, new RegExp(`^/api/v1/developer_apps/${app.id}/thumbnail`));
    const image = await client.get(url);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.headers['x-content-type-options'], 'nosniff');
    assert.match(String(image.headers['content-disposition']), /^inline; filename=".+\.png"$/);
    assert.deepEqual(image.rawPayload, pngBytes(256, 256));
    // My Apps shows it beside the app.
    const [listed] = (await client.get('/api/v1/developer_apps')).json();
    assert.equal(listed.thumbnail_url, url);

    const small = await upload(client, app.id, pngBytes(120, 80));
    assert.equal(small.statusCode, 200);
    assert.equal(
      small.json().thumbnail_notice,
      'For best results use a square logo larger than 200×200 pixels.',
    );
  });

  test('a file named .png that is really HTML is refused by content', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const res = await upload(
      client,
      app.id,
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'evil.png',
    );
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().fields.thumbnail, ['The logo must be a JPEG or PNG image']);
    assert.equal((await client.get(`/api/v1/developer_apps/${app.id}`)).json().thumbnail_url, null);
  });

  test('a logo over 2 MB is refused', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const big = Buffer.concat([pngBytes(300, 300), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(client, app.id, big);
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json().fields.thumbnail, ['The logo must be at most 2 MB']);
  });

  test('remove_thumbnail removes it; PUT is the same call as PATCH, remove_thumbnail beside the fields too', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    await upload(client, app.id, pngBytes(256, 256));
    const res = await client.patch(`/api/v1/developer_apps/${app.id}`, {
      developer_app: { remove_thumbnail: true },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().thumbnail_url, null);
    assert.equal((await client.get(`/api/v1/developer_apps/${app.id}/thumbnail`)).statusCode, 404);

    const put = await upload(client, app.id, pngBytes(256, 256), 'logo.png', 'PUT');
    assert.equal(put.statusCode, 200, put.body);
    assert.equal((await client.get(put.json().thumbnail_url)).statusCode, 200);
    const removed = await client.put(`/api/v1/developer_apps/${app.id}`, { remove_thumbnail: true });
    assert.equal(removed.json().thumbnail_url, null);
  });
});

describe('deleting', () => {
  test('the owner soft-deletes; the app is gone for everyone', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const res = await client.delete(`/api/v1/developer_apps/${app.id}`);
    assert.equal(res.statusCode, 204);
    assert.equal((await client.get(`/api/v1/developer_apps/${app.id}`)).statusCode, 404);
    assert.deepEqual((await client.get('/api/v1/developer_apps')).json(), []);
    const [row] = await t.ctx.db.select().from(developerApps).where(eq(developerApps.id, app.id));
    assert.ok(row!.deletedAt);
  });
});
