import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';
import { LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from '../apps/index.ts';
import { createAppAs } from '../apps/testing.ts';
import { LOGO_MISSING_MESSAGE } from '../developer-apps/index.ts';

let t: TestApp;
let staff: TestClient;
let owner: TestClient;
const V = '/api/v1/admin/developer_apps';

before(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'admin-logo-')) });
  staff = (await t.asNewUser({ role: 'admin' })).client;
  owner = (await t.asNewUser({ name: 'Olive Owner' })).client;
});
after(() => t.close());

const upload = (client: TestClient, id: string, data: Buffer, filename = 'logo.png') =>
  client.request({
    method: 'PUT',
    url: `${V}/${id}`,
    ...multipart([{ name: 'developer_app[thumbnail]', filename, type: 'image/png', data }]),
  });

const auditOf = async (id: string, action: string) =>
  (await staff.get(`/api/v1/admin/audit?filters[subject_id]=${id}&filters[action]=${action}`)).json();

test('staff attach a real PNG to any app: stored, served to staff, shown to the developer, audited', async () => {
  const app = await createAppAs(owner, 'Logo App');
  const res = await upload(staff, app.id, pngBytes(256, 256));
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().thumbnail_notice, null);
  const url = res.json().thumbnail_url as string;
  assert.match(url, new RegExp(`^${V}/${app.id}/thumbnail\\?v=`));
  assert.equal((await staff.get(`${V}/${app.id}`)).json().thumbnail_url, url);
  const image = await staff.get(url);
  assert.equal(image.statusCode, 200);
  assert.equal(image.headers['content-type'], 'image/png');
  assert.equal(image.headers['x-content-type-options'], 'nosniff');
  assert.deepEqual(image.rawPayload, pngBytes(256, 256));
  // The developer's own page reads the same logo through the developer route.
  const mine = (await owner.get(`/api/v1/developer_apps/${app.id}`)).json();
  assert.deepEqual((await owner.get(mine.thumbnail_url)).rawPayload, pngBytes(256, 256));
  const [event] = await auditOf(app.id, 'developer_app.logo_upload');
  assert.deepEqual(event.before, { logo: null });
  assert.deepEqual(event.after, { logo: 'image/png 256×256' });

  // A small one is taken with the notice.
  const small = await upload(staff, app.id, pngBytes(120, 80));
  assert.equal(small.statusCode, 200);
  assert.equal(
    small.json().thumbnail_notice,
    'For best results use a square logo larger than 200×200 pixels.',
  );
});

test('HTML named logo.png is refused by its content; nothing is stored', async () => {
  const app = await createAppAs(owner, 'Sneaky');
  const res = await upload(
    staff,
    app.id,
    Buffer.from('<!doctype html><script>alert(1)</script>'),
    'evil.png',
  );
  assert.equal(res.statusCode, 422, res.body);
  assert.deepEqual(res.json().fields, { thumbnail: [LOGO_TYPE_MESSAGE] });
  assert.equal((await staff.get(`${V}/${app.id}`)).json().thumbnail_url, null);
  assert.equal((await staff.get(`${V}/${app.id}/thumbnail`)).statusCode, 404);
  assert.deepEqual(await auditOf(app.id, 'developer_app.logo_upload'), []);
});

test('a logo over 2 MB is refused with 413', async () => {
  const app = await createAppAs(owner, 'Heavy');
  const big = Buffer.concat([pngBytes(300, 300), Buffer.alloc(2 * 1024 * 1024 + 10)]);
  const res = await upload(staff, app.id, big);
  assert.equal(res.statusCode, 413, res.body);
  assert.deepEqual(res.json().fields, { thumbnail: [LOGO_SIZE_MESSAGE] });
  assert.equal((await staff.get(`${V}/${app.id}`)).json().thumbnail_url, null);
});

test('remove_thumbnail removes it (audited); a PUT with neither, or with other fields, is 422', async () => {
  const app = await createAppAs(owner, 'Plain');
  assert.equal((await upload(staff, app.id, pngBytes(256, 256))).statusCode, 200);
  const removed = await staff.put(`${V}/${app.id}`, { developer_app: { remove_thumbnail: true } });
  assert.equal(removed.statusCode, 200, removed.body);
  assert.equal(removed.json().thumbnail_url, null);
  assert.equal((await staff.get(`${V}/${app.id}/thumbnail`)).statusCode, 404);
  const [event] = await auditOf(app.id, 'developer_app.logo_remove');
  assert.deepEqual(event.after, { logo: null });

  const empty = await staff.put(`${V}/${app.id}`, { developer_app: {} });
  assert.equal(empty.statusCode, 422, empty.body);
  assert.deepEqual(empty.json().fields, { thumbnail: [LOGO_MISSING_MESSAGE] });
  const other = await staff.put(`${V}/${app.id}`, { developer_app: { name: 'Renamed' } });
  assert.equal(other.statusCode, 422, other.body);
  assert.equal((await staff.get(`${V}/${app.id}`)).json().name, null);
});

test('staff change the logo of a deleted app; developers get 403', async () => {
  const app = await createAppAs(owner, 'Deleted Logo');
  assert.equal((await owner.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 204);
  assert.equal((await upload(staff, app.id, pngBytes(256, 256))).statusCode, 200);
  assert.equal((await staff.get(`${V}/${app.id}/thumbnail`)).statusCode, 200);
  assert.equal((await upload(owner, app.id, pngBytes(256, 256))).statusCode, 403);
  assert.equal((await owner.get(`${V}/${app.id}/thumbnail`)).statusCode, 403);
});
