import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import jpeg from 'jpeg-js';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';
import { LOGO_CORRUPT_MESSAGE, LOGO_DIMENSION_MESSAGE, LOGO_MAX_DIMENSION } from './logo.ts';
import { createAppAs } from './testing.ts';

let t: TestApp;
let client: TestClient;
let appId: string;
before(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'logo-')) });
  ({ client } = await t.asNewUser());
  appId = (await createAppAs(client)).id;
});
after(() => t.close());

const upload = (data: Buffer, type = 'image/png', filename = 'logo.png') =>
  client.request({
    method: 'PUT',
    url: `/api/v1/developer_apps/${appId}`,
    ...multipart([{ name: 'developer_app[thumbnail]', filename, type, data }]),
  });

const jpegBytes = (width: number, height: number) =>
  jpeg.encode({ data: Buffer.alloc(width * height * 4, 180), width, height }, 90).data;

async function assertRefused(data: Buffer, message: string, type?: string) {
  const res = await upload(data, type);
  assert.equal(res.statusCode, 422, res.body);
  assert.deepEqual(res.json().fields, { thumbnail: [message] });
  const app = await client.get(`/api/v1/developer_apps/${appId}`);
  assert.equal(app.json().thumbnail_url, null, 'a refused logo is not stored');
}

describe('logo files are decoded, not only sniffed', () => {
  test('a truncated PNG whose header is intact is refused', async () => {
    const png = pngBytes(256, 256);
    await assertRefused(png.subarray(0, 40), LOGO_CORRUPT_MESSAGE);
    await assertRefused(png.subarray(0, png.length - 12), LOGO_CORRUPT_MESSAGE);
  });

  test('a PNG whose image data is damaged is refused', async () => {
    const png = Buffer.from(pngBytes(256, 256));
    const idat = png.indexOf('IDAT');
    png[idat + 10] = png[idat + 10]! ^ 0xff;
    await assertRefused(png, LOGO_CORRUPT_MESSAGE);
  });

  test('a JPEG must decode to its end', async () => {
    const good = jpegBytes(64, 64);
    await assertRefused(good.subarray(0, good.length - 2), LOGO_CORRUPT_MESSAGE, 'image/jpeg');
    await assertRefused(good.subarray(0, 200), LOGO_CORRUPT_MESSAGE, 'image/jpeg');
    const res = await upload(good, 'image/jpeg', 'logo.jpg');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.json().thumbnail_url, /thumbnail/);
  });

  test('a small file that would inflate into a huge image is refused before decoding', async () => {
    const bomb = pngBytes(LOGO_MAX_DIMENSION + 1, 8);
    assert.ok(bomb.length < 64 * 1024);
    const res = await upload(bomb);
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().fields, { thumbnail: [LOGO_DIMENSION_MESSAGE] });
  });

  test('the size is read from the header: past the limit is refused before a pixel is decoded', async () => {
    assert.equal(LOGO_DIMENSION_MESSAGE, 'The logo must be at most 1024×1024 pixels');
    // A header claiming 4096×4096 (its checksum no longer matches: decoding would call it damaged).
    const claiming = Buffer.from(pngBytes(64, 64));
    claiming.writeUInt32BE(4096, 16);
    claiming.writeUInt32BE(4096, 20);
    const res = await upload(claiming);
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().fields, { thumbnail: [LOGO_DIMENSION_MESSAGE] });
    const largest = await upload(pngBytes(LOGO_MAX_DIMENSION, LOGO_MAX_DIMENSION));
    assert.equal(largest.statusCode, 200, largest.body);
  });
});
