// Uploads through the API with STORAGE_URL=s3://…: stored in the bucket (nothing under DATA_DIR but
// scratch space), served back from it (whole and in byte ranges), replaced and removed there, and a
// missing object answered as on disk (404).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { StorageConfig } from '../config.ts';
import { developerApps } from '../db/schema/apps.ts';
import { createAppAs } from '../features/apps/testing.ts';
import { enableMarketplace, SHOWCASE_MP4, uploadShowcase } from '../features/listings/testing.ts';
import { createS3Storage } from '../platform/storage.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { type S3TestServer, startS3TestServer } from './s3-server.ts';
import { multipart, pngBytes } from './uploads.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

let s3: S3TestServer;
let t: TestApp;
let client: TestClient;
let dataDir: string;
before(async () => {
  s3 = await startS3TestServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'storage-s3-'));
  t = await createTestApp({ dataDir, storage: s3.storageConfig('portal') });
  ({ client } = await t.asNewUser());
});
after(async () => {
  await t.close();
  await s3.close();
});

const uploadLogo = (appId: string, data: Buffer) =>
  client.request({
    method: 'PUT',
    url: `/api/v1/developer_apps/${appId}`,
    ...multipart([{ name: 'developer_app[thumbnail]', filename: 'logo.png', type: 'image/png', data }]),
  });

const logoKey = async (appId: string) =>
  (await t.ctx.db.select().from(developerApps).where(eq(developerApps.id, appId)))[0]?.thumbnailKey;

test('an app logo uploaded through the API is stored in the bucket and served back from it', async () => {
  const appId = (await createAppAs(client)).id;
  const png = pngBytes(128, 128, { noise: true });
  const res = await uploadLogo(appId, png);
  assert.equal(res.statusCode, 200, res.body);
  const url: string = res.json().thumbnail_url;
  assert.match(url, /\/thumbnail\?v=/);

  const served = await client.get(url);
  assert.equal(served.statusCode, 200);
  assert.equal(served.headers['content-type'], 'image/png');
  assert.deepEqual(served.rawPayload, png);

  const key = await logoKey(appId);
  assert.ok(key);
  const bucketRoot = createS3Storage(s3.storageConfig() as S3Config, dataDir);
  const stored = await bucketRoot.read(`portal/${key}`);
  assert.deepEqual(stored && (await buffer(stored.stream)), png, 'in the bucket, under the prefix');
  bucketRoot.close();
  assert.equal(existsSync(path.join(dataDir, 'uploads', key)), false, 'nothing stored under DATA_DIR');
  const scratch = readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).filter((name) =>
    String(name).endsWith('.upload'),
  );
  assert.deepEqual(scratch, [], 'no scratch file left behind');

  // A new logo replaces the old object; the old one is deleted from the bucket.
  const next = pngBytes(64, 64, { noise: true });
  assert.equal((await uploadLogo(appId, next)).statusCode, 200);
  const nextKey = await logoKey(appId);
  assert.notEqual(nextKey, key);
  assert.equal(await t.ctx.storage.read(key), null);
  const nextUrl: string = (await client.get(`/api/v1/developer_apps/${appId}`)).json().thumbnail_url;
  assert.deepEqual((await client.get(nextUrl)).rawPayload, next);
});

test('an object missing from the bucket is a 404 in the one error shape, as on disk', async () => {
  const appId = (await createAppAs(client, 'Missing Logo')).id;
  assert.equal((await uploadLogo(appId, pngBytes(32, 32))).statusCode, 200);
  const url: string = (await client.get(`/api/v1/developer_apps/${appId}`)).json().thumbnail_url;
  await t.ctx.storage.delete((await logoKey(appId))!);
  const res = await client.get(url);
  assert.equal(res.statusCode, 404);
  assert.equal(res.json().code, 'not_found');
});

test('a video on S3 is served whole and in byte ranges', async () => {
  const appId = (await createAppAs(client, 'Video App')).id;
  await enableMarketplace(t, appId);
  const url = await uploadShowcase(client, appId);
  const whole = await client.get(url);
  assert.equal(whole.statusCode, 200);
  assert.deepEqual(whole.rawPayload, SHOWCASE_MP4);
  const part = await client.get(url, { range: 'bytes=100-1099' });
  assert.equal(part.statusCode, 206);
  assert.equal(part.headers['content-range'], `bytes 100-1099/${SHOWCASE_MP4.length}`);
  assert.deepEqual(part.rawPayload, SHOWCASE_MP4.subarray(100, 1100));
});
