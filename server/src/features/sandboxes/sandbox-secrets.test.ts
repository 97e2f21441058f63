import assert from 'node:assert/strict';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { oauthApplications } from '../../db/schema/index.ts';
import { decryptSecret, keyringFor } from '../../platform/secrets.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { resealSecretsJob } from '../credentials/index.ts';

const KEY_A = 'key-a-key-a-key-a-key-a-key-a-key-a-0001';
const KEY_B = 'key-b-key-b-key-b-key-b-key-b-key-b-0002';

let t: TestApp;
let client: TestClient;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0, encryptionKeys: [KEY_A] });
  ({ client } = await t.asNewUser());
});
after(() => t.close());

async function liveSandbox() {
  const app = await createAppAs(client);
  await t.drainJobs();
  const sandbox = (await client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox;
  assert.equal(sandbox.status, 'live');
  return sandbox as { id: string; oauth_application_id: string };
}

async function sealed(oauthApplicationId: string) {
  const [row] = await t.ctx.db
    .select({ secretEncrypted: oauthApplications.secretEncrypted })
    .from(oauthApplications)
    .where(eq(oauthApplications.id, oauthApplicationId));
  return row!.secretEncrypted!;
}

async function reveal(oauthApplicationId: string): Promise<string> {
  const res = await client.post(`/api/v1/oauth_applications/${oauthApplicationId}/reveal_secret`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().secret;
}

const keyId = (key: string) => keyringFor({ encryptionKeys: [key], sessionSecret: 'unused' }).primary.id;

/** The format sealed before ENCRYPTION_KEY existed: v1, keyed by the session secret. */
function sealV1(plain: string, material: string): string {
  const key = Buffer.from(hkdfSync('sha256', material, 'portal-secrets', 'aes-256-gcm', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('sandbox secrets at rest', () => {
  test('are sealed with ENCRYPTION_KEY, which nothing in DATA_DIR can stand in for', async () => {
    const sandbox = await liveSandbox();
    const secret = await reveal(sandbox.oauth_application_id);
    const stored = await sealed(sandbox.oauth_application_id);
    assert.ok(stored.startsWith(`v2.${keyId(KEY_A)}.`), stored);
    assert.ok(!stored.includes(secret));
    const fromDataDir = keyringFor({
      encryptionKeys: [t.ctx.config.sessionSecret],
      sessionSecret: t.ctx.config.sessionSecret,
    });
    assert.throws(() => decryptSecret(stored, fromDataDir));
  });

  test('a reset replaces the old ciphertext, which is then gone from the table', async () => {
    const sandbox = await liveSandbox();
    const before = await sealed(sandbox.oauth_application_id);
    const reset = await client.post(`/api/v1/sandboxes/${sandbox.id}/reset_secret`);
    assert.equal(reset.statusCode, 200, reset.body);
    const dump = JSON.stringify(await t.ctx.db.select().from(oauthApplications));
    assert.ok(!dump.includes(before), 'the old ciphertext survived the reset');
    assert.equal(await reveal(sandbox.oauth_application_id), reset.json().secret);
  });

  test('rotate without downtime: add the new key first, old secrets keep working and are re-sealed', async () => {
    const first = await liveSandbox();
    const second = await liveSandbox();
    const legacy = await liveSandbox();
    const legacySecret = await reveal(legacy.oauth_application_id);
    await t.ctx.db
      .update(oauthApplications)
      .set({ secretEncrypted: sealV1(legacySecret, t.ctx.config.sessionSecret) })
      .where(eq(oauthApplications.id, legacy.oauth_application_id));
    const secrets = [await reveal(first.oauth_application_id), await reveal(second.oauth_application_id)];

    t.ctx.config.encryptionKeys = [KEY_B, KEY_A];
    // Reading a secret sealed with the old key re-seals it with the new one.
    assert.equal(await reveal(first.oauth_application_id), secrets[0]);
    assert.ok((await sealed(first.oauth_application_id)).startsWith(`v2.${keyId(KEY_B)}.`));
    // The start-up job re-seals the rest, the old v1 format included.
    await t.ctx.jobs.send(resealSecretsJob, {});
    await t.drainJobs();
    for (const id of [second.oauth_application_id, legacy.oauth_application_id]) {
      assert.ok((await sealed(id)).startsWith(`v2.${keyId(KEY_B)}.`), id);
    }

    // Now the old key can go.
    t.ctx.config.encryptionKeys = [KEY_B];
    assert.equal(await reveal(second.oauth_application_id), secrets[1]);
    assert.equal(await reveal(legacy.oauth_application_id), legacySecret);
    t.ctx.config.encryptionKeys = [KEY_A];
  });
});
