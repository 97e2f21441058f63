import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { pngBytes } from '../../test/uploads.ts';
import { FORM_UNREADABLE_MESSAGE } from './apps.form.ts';
import { createAppAs } from './testing.ts';

let t: TestApp;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'apps-form-'));
  t = await createTestApp({ dataDir });
});
after(() => t.close());

test('form data the parser cannot read answers 400 in the error shape, not 500', async () => {
  const { client } = await t.asNewUser();
  const app = await createAppAs(client);
  const field = 'Content-Disposition: form-data; name="developer_app[name]"\r\n\r\nNew name';
  const logo = `Content-Disposition: form-data; name="thumbnail"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
  const cases: Array<[string, string | Buffer, string]> = [
    ['a body cut short', `--x\r\n${field}`, 'multipart/form-data; boundary=x'],
    ['no boundary', `--x\r\n${field}\r\n--x--\r\n`, 'multipart/form-data'],
    ['no parts at all', 'garbage', 'multipart/form-data; boundary=x'],
    [
      'a logo cut short',
      Buffer.concat([Buffer.from(`--x\r\n${logo}`), pngBytes(64, 64)]),
      'multipart/form-data; boundary=x',
    ],
  ];
  for (const method of ['PATCH', 'PUT'] as const) {
    for (const [what, payload, type] of cases) {
      const res = await client.request({
        method,
        url: `/api/v1/developer_apps/${app.id}`,
        payload,
        headers: { 'content-type': type },
      });
      assert.equal(res.statusCode, 400, `${method} with ${what}: ${res.body}`);
      assert.equal(res.json().code, 'bad_request');
      assert.equal(res.json().message, FORM_UNREADABLE_MESSAGE);
    }
  }
  // Nothing changed, and no scratch file of the cut-short logo was left behind.
  assert.equal((await client.get(`/api/v1/developer_apps/${app.id}`)).json().name, null);
  const leftovers = readdirSync(dataDir, { recursive: true }).filter((file) =>
    String(file).endsWith('.upload'),
  );
  assert.deepEqual(leftovers, []);
});
