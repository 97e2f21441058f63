import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { developerApps, mailOutbox, oauthApplications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, testJobRun } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';
import { ensureSandboxOauthApplication, verifyClientSecret } from '../credentials/index.ts';
import { builtInProvisioner, type SandboxProvisioner } from './provisioner.ts';
import { provisionSandboxJob } from './sandboxes.jobs.ts';

let t: TestApp;
/** What a test makes the platform answer; the built-in provisioner when unset. */
let platform: SandboxProvisioner | null = null;
before(async () => {
  t = await createTestApp(
    { sandboxProvisionSeconds: 0, sandboxBaseUrl: 'https://sandbox.example.test' },
    {
      sandboxProvisioner: {
        provision: (input) => (platform ?? builtInProvisioner(t.ctx.config)).provision(input),
      },
    },
  );
});
after(() => t.close());
afterEach(() => {
  platform = null;
});

describe('sandbox provisioning', () => {
  test('create → pending → live (job) → credentials readable, owner e-mailed', async () => {
    const { user, client } = await t.asNewUser();
    const app = await createAppAs(client);
    assert.equal(app.sandbox!.status, 'pending');
    await t.drainJobs();
    const view = (await client.get(`/api/v1/developer_apps/${app.id}`)).json();
    const sandbox = view.sandbox;
    assert.equal(sandbox.status, 'live');
    assert.ok(Number.isInteger(sandbox.company_id));
    assert.equal(sandbox.url, `https://sandbox.example.test/${sandbox.company_id}/company/home`);
    assert.match(sandbox.app_id, /^[0-9a-f]{48}$/);
    assert.ok(sandbox.secret_masked);
    assert.equal((await client.get('/api/v1/developer_apps')).json()[0].sandbox_status, 'live');

    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    assert.ok(mails.some((m) => m.subject === 'Your sandbox for Field Sync is ready'));

    const oauth = await client.get(`/api/v1/oauth_applications/${sandbox.oauth_application_id}`);
    assert.equal(oauth.statusCode, 200);
    assert.equal(oauth.json().environment, 'sandbox');
    const reveal = await client.post(
      `/api/v1/oauth_applications/${sandbox.oauth_application_id}/reveal_secret`,
    );
    assert.equal(reveal.statusCode, 200);
    const secret = reveal.json().secret as string;
    assert.equal(await verifyClientSecret(t.ctx, sandbox.app_id, secret), true);
    assert.ok(!oauth.body.includes(secret));
    const [row] = await t.ctx.db
      .select()
      .from(oauthApplications)
      .where(eq(oauthApplications.id, sandbox.oauth_application_id));
    assert.ok(!JSON.stringify(row).includes(secret), 'sandbox secret stored in plain text');
    assert.match(row!.secretEncrypted!, /^v2\./);

    const reset = await client.post(`/api/v1/sandboxes/${sandbox.id}/reset_secret`);
    assert.equal(reset.statusCode, 200);
    assert.equal(reset.json().uid, sandbox.app_id);
    assert.notEqual(reset.json().secret, secret);
    assert.equal(await verifyClientSecret(t.ctx, sandbox.app_id, secret), false);
  });

  test('the sandbox settings validate like the app settings; a developer cannot change or reset them', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    await t.drainJobs();
    const bad = await client.patch(`/api/v1/sandboxes/${app.sandbox!.id}`, {
      redirect_uri: 'http://example.com',
    });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().fields.redirect_uri, [
      'Redirect URIs must use HTTPS (http://localhost is the only exception)',
    ]);
    const ok = await client.patch(`/api/v1/sandboxes/${app.sandbox!.id}`, {
      redirect_uri: 'https://example.com/cb',
      allowed_cors_domain: 'https://example.com',
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().redirect_uri, 'https://example.com/cb');

    const dev = await t.asNewUser();
    await addMember(t, app.id, dev.user.id, 'developer');
    assert.equal(
      (await dev.client.patch(`/api/v1/sandboxes/${app.sandbox!.id}`, { redirect_uri: '' })).statusCode,
      403,
    );
    assert.equal(
      (await dev.client.post(`/api/v1/sandboxes/${app.sandbox!.id}/reset_secret`)).statusCode,
      403,
    );
    assert.equal(
      (
        await dev.client.post(
          `/api/v1/oauth_applications/${(await dev.client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox.oauth_application_id}/reveal_secret`,
        )
      ).statusCode,
      200,
    );
  });

  test('a failure marks the sandbox failed; only the owner can generate it again', async () => {
    platform = {
      provision: async () => {
        throw new Error('platform down');
      },
    };
    const owner = await t.asNewUser();
    const app = await createAppAs(owner.client);
    await t.drainJobs();
    const failed = (await owner.client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.failure_message, 'Something went wrong building your sandbox.');
    platform = null;

    const admin = await t.asNewUser();
    await addMember(t, app.id, admin.user.id, 'admin');
    const refused = await admin.client.post(`/api/v1/developer_apps/${app.id}/sandbox`);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'Please ask the app owner to generate a sandbox');

    const again = await owner.client.post(`/api/v1/developer_apps/${app.id}/sandbox`);
    assert.equal(again.statusCode, 202);
    assert.equal(
      (await owner.client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox.status,
      'pending',
    );
    await t.drainJobs();
    assert.equal((await owner.client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox.status, 'live');
    assert.equal((await owner.client.post(`/api/v1/developer_apps/${app.id}/sandbox`)).statusCode, 409);
  });

  test('a build run again after dying half-way makes one client, goes live once and mails once', async () => {
    const { user, client } = await t.asNewUser();
    const app = await createAppAs(client, 'Rerun');
    const sandboxId = app.sandbox!.id;
    // The first run died after it made the OAuth client, before the sandbox went live.
    const [appRow] = await t.ctx.db.select().from(developerApps).where(eq(developerApps.id, app.id));
    const halfMade = await ensureSandboxOauthApplication(t.ctx, appRow!);
    const run = testJobRun('job');
    await provisionSandboxJob.handler({ sandboxId }, t.ctx, run);
    // …and a run that died after the live switch, before its e-mail was queued, runs again.
    await provisionSandboxJob.handler({ sandboxId }, t.ctx, run);
    await t.drainJobs();
    await provisionSandboxJob.handler({ sandboxId }, t.ctx, run);
    await t.drainJobs();

    const view = (await client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox;
    assert.equal(view.status, 'live');
    assert.equal(view.oauth_application_id, halfMade.id);
    const clients = await t.ctx.db
      .select()
      .from(oauthApplications)
      .where(and(eq(oauthApplications.developerAppId, app.id), eq(oauthApplications.environment, 'sandbox')));
    assert.equal(clients.length, 1);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    assert.deepEqual(
      mails.map((m) => m.subject),
      ['Your sandbox for Rerun is ready'],
    );
  });

  test('a failure outside the provisioner is retried; the last attempt marks the sandbox failed', async () => {
    // A company id the database refuses: the live switch fails like a lost connection would.
    platform = { provision: async () => ({ companyId: 'x' as never, url: 'https://x.test' }) };
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const sandboxId = app.sandbox!.id;
    const status = async () => (await client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox.status;
    await assert.rejects(provisionSandboxJob.handler({ sandboxId }, t.ctx, testJobRun('j')));
    assert.equal(await status(), 'pending');
    await assert.rejects(provisionSandboxJob.handler({ sandboxId }, t.ctx, testJobRun('j', true)));
    assert.equal(await status(), 'failed');
  });

  test('staff with canGenerateFakeSandbox make it live at once through the kickoff path', async () => {
    const staff = await t.asNewUser({ role: 'admin', employee: true });
    const app = await createAppAs(staff.client);
    const view = (await staff.client.get(`/api/v1/developer_apps/${app.id}`)).json();
    assert.equal(view.generate_fake_sandbox_path, `/api/v1/developer_apps/${app.id}/sandbox/generate_fake`);
    const kick = await staff.client.post(view.generate_fake_sandbox_path);
    assert.equal(kick.statusCode, 200, kick.body);
    assert.equal((await staff.client.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox.status, 'live');

    const dev = await t.asNewUser();
    const own = await createAppAs(dev.client);
    const devView = (await dev.client.get(`/api/v1/developer_apps/${own.id}`)).json();
    assert.equal(devView.generate_fake_sandbox_path, null);
    assert.equal(
      (await dev.client.post(`/api/v1/developer_apps/${own.id}/sandbox/generate_fake`)).statusCode,
      403,
    );
  });
});
