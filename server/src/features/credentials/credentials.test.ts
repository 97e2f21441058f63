import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { mailOutbox, oauthApplications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';
import { verifyClientSecret } from './credentials.service.ts';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['asNewUser']>>;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  staff = await t.asNewUser({ role: 'admin', employee: true });
});
after(() => t.close());

describe('production credentials', () => {
  test('request → pending → approved → secret shown once, masked after, reset needs the acknowledgement', async () => {
    const { user, client } = await t.asNewUser();
    const app = await createAppAs(client);
    const request = await client.post(`/api/v1/developer_apps/${app.id}/production_access`, {
      confidential: true,
    });
    assert.equal(request.statusCode, 200, request.body);
    const pending = (await client.get(`/api/v1/developer_apps/${app.id}`)).json();
    assert.equal(pending.production_access, 'production_pending');
    assert.equal(pending.credentials, null);
    const again = await client.post(`/api/v1/developer_apps/${app.id}/production_access`, {
      confidential: false,
    });
    assert.equal(again.statusCode, 409);

    assert.equal(
      (await client.post(`/api/v1/admin/developer_apps/${app.id}/production_access/approve`)).statusCode,
      403,
    );
    const approve = await staff.client.post(
      `/api/v1/admin/developer_apps/${app.id}/production_access/approve`,
    );
    assert.equal(approve.statusCode, 200, approve.body);
    await t.drainJobs();
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    assert.ok(mails.some((m) => m.subject === 'Production credentials approved: Field Sync'));

    const approved = (await client.get(`/api/v1/developer_apps/${app.id}`)).json();
    assert.equal(approved.production_access, 'production_approved');
    assert.equal(approved.uid, approved.credentials.client_id);
    assert.equal(approved.credentials.confidential, true);
    assert.equal(approved.credentials.secret_masked, null);

    const clientId = approved.credentials.client_id as string;
    const first = await client.post(`/api/v1/oauth_applications/${clientId}/reset_secret`);
    assert.equal(first.statusCode, 200, first.body);
    const { secret, uid, secret_masked } = first.json();
    assert.equal(uid, clientId);
    assert.ok(secret.length >= 40);
    assert.equal(secret_masked, `${secret.slice(0, 4)}••••••••${secret.slice(-4)}`);
    assert.equal(await verifyClientSecret(t.ctx, clientId, secret), true);

    const oauthId = approved.credentials.oauth_application_id as string;
    const reads = [
      await client.get(`/api/v1/oauth_applications/${oauthId}`),
      await client.get(`/api/v1/developer_apps/${app.id}`),
      await client.get('/api/v1/developer_apps'),
    ];
    for (const res of reads) {
      assert.equal(res.statusCode, 200);
      assert.ok(!res.body.includes(secret), `secret leaked in ${res.body}`);
    }
    assert.equal(reads[0]!.json().secret_masked, secret_masked);
    assert.equal(reads[1]!.json().credentials.secret_masked, secret_masked);

    const [row] = await t.ctx.db.select().from(oauthApplications).where(eq(oauthApplications.id, oauthId));
    assert.ok(!JSON.stringify(row).includes(secret), 'plain secret stored');
    assert.equal(row!.secretEncrypted, null);
    assert.match(row!.secretHash!, /^[0-9a-f]{64}$/);

    const unacknowledged = await client.post(`/api/v1/oauth_applications/${oauthId}/reset_secret`, {});
    assert.equal(unacknowledged.statusCode, 422);
    assert.deepEqual(unacknowledged.json().fields.acknowledged, [
      'Confirm that you understand the current secret stops working immediately',
    ]);
    const reset = await client.post(`/api/v1/oauth_applications/${oauthId}/reset_secret`, {
      acknowledged: true,
    });
    assert.equal(reset.statusCode, 200);
    assert.notEqual(reset.json().secret, secret);
    assert.equal(await verifyClientSecret(t.ctx, clientId, secret), false);
    assert.equal(await verifyClientSecret(t.ctx, clientId, reset.json().secret), true);

    const reveal = await client.post(`/api/v1/oauth_applications/${oauthId}/reveal_secret`);
    assert.equal(reveal.statusCode, 403);
  });

  test('a developer collaborator can read the client id but cannot request or reset', async () => {
    const owner = await t.asNewUser();
    const app = await createAppAs(owner.client);
    await owner.client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: true });
    await staff.client.post(`/api/v1/admin/developer_apps/${app.id}/production_access/approve`);
    const dev = await t.asNewUser();
    await addMember(t, app.id, dev.user.id, 'developer');
    const view = (await dev.client.get(`/api/v1/developer_apps/${app.id}`)).json();
    assert.ok(view.credentials.client_id);
    const oauthId = view.credentials.oauth_application_id;
    assert.equal((await dev.client.get(`/api/v1/oauth_applications/${oauthId}`)).statusCode, 200);
    const reset = await dev.client.post(`/api/v1/oauth_applications/${oauthId}/reset_secret`, {
      acknowledged: true,
    });
    assert.equal(reset.statusCode, 403);
    assert.equal(reset.json().message, 'You do not have permission to reset the client secret');

    const other = await createAppAs(owner.client, 'Other');
    await addMember(t, other.id, dev.user.id, 'developer');
    const request = await dev.client.post(`/api/v1/developer_apps/${other.id}/production_access`, {
      confidential: true,
    });
    assert.equal(request.statusCode, 403);

    const stranger = await t.asNewUser();
    assert.equal((await stranger.client.get(`/api/v1/oauth_applications/${oauthId}`)).statusCode, 404);
    assert.equal(
      (
        await stranger.client.post(`/api/v1/oauth_applications/${oauthId}/reset_secret`, {
          acknowledged: true,
        })
      ).statusCode,
      404,
    );
    assert.equal((await stranger.client.get('/api/v1/oauth_applications/nope')).statusCode, 404);
  });

  test('a public client has a client id and no secret', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    await client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: false });
    await staff.client.post(`/api/v1/admin/developer_apps/${app.id}/production_access/approve`);
    const view = (await client.get(`/api/v1/developer_apps/${app.id}`)).json();
    assert.equal(view.credentials.confidential, false);
    assert.equal(view.confidential, false);
    const reset = await client.post(
      `/api/v1/oauth_applications/${view.credentials.oauth_application_id}/reset_secret`,
    );
    assert.equal(reset.statusCode, 422);
  });

  test('staff can deny a request; only pending requests can be decided', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    assert.equal(
      (await staff.client.post(`/api/v1/admin/developer_apps/${app.id}/production_access/deny`)).statusCode,
      409,
    );
    await client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: true });
    const deny = await staff.client.post(`/api/v1/admin/developer_apps/${app.id}/production_access/deny`);
    assert.equal(deny.statusCode, 200);
    assert.equal((await client.get(`/api/v1/developer_apps/${app.id}`)).json().production_access, 'none');
    assert.equal(
      (
        await staff.client.post(
          '/api/v1/admin/developer_apps/6f1c2a7e-0000-4000-8000-000000000000/production_access/approve',
        )
      ).statusCode,
      404,
    );
  });
});

describe('PRODUCTION_ACCESS_AUTO_APPROVE', () => {
  test('skips review', async () => {
    const auto = await createTestApp({ productionAccessAutoApprove: true });
    try {
      const { client } = await auto.asNewUser();
      const app = await createAppAs(client);
      await client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: true });
      const view = (await client.get(`/api/v1/developer_apps/${app.id}`)).json();
      assert.equal(view.production_access, 'production_approved');
      assert.ok(view.credentials.client_id);
    } finally {
      await auto.close();
    }
  });
});
