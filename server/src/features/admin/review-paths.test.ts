/**
 * Issue 22, the paths between screens: an approved listing publishes the app (spec developer-apps §2,
 * admin §3); a production credentials request and a marketplace access request wait in the review
 * queue with their own tags (spec admin §2), are mailed to the reviewers, and staff decide them there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';
import { completeDraft } from '../listings/testing.ts';

const V = '/api/v1';
let t: TestApp;
let staff: TestClient;
let reviewer: string;
let owner: TestClient;
let ownerEmail: string;

before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  const admin = await t.asNewUser({ role: 'admin', email: 'reviewer@example.com' });
  staff = admin.client;
  reviewer = admin.user.email;
  const dev = await t.asNewUser({ email: 'paths-owner@example.com' });
  owner = dev.client;
  ownerEmail = dev.user.email;
});
after(() => t.close());

type QueueRow = {
  id: string;
  has_production_access_request: boolean;
  production_access_requested_at: string | null;
  has_marketplace_access_request: boolean;
  marketplace_access_requested_at: string | null;
  has_marketplace_listing_in_review: boolean;
  has_app_version_in_review: boolean;
};
const queueRow = async (appId: string) =>
  ((await staff.get(`${V}/admin/review_queue`)).json() as QueueRow[]).find((row) => row.id === appId);
/** The app's row in the admin Developer Apps list. */
const listRow = async (appId: string) =>
  (
    (await staff.get(`${V}/admin/developer_apps?per_page=100`)).json() as Array<{
      id: string;
      published: boolean;
      in_review_at: string | null;
    }>
  ).find((row) => row.id === appId);

/** A 409 in the one error shape, with its message. */
function assertConflict(res: { statusCode: number; json: () => unknown }, message: string) {
  assert.equal(res.statusCode, 409);
  const body = res.json() as { code: string; message: string; errors: string[]; request_id: string };
  assert.equal(body.code, 'conflict');
  assert.equal(body.message, message);
  assert.deepEqual(body.errors, [message]);
  assert.ok(body.request_id);
}

describe('an approved listing publishes the app', () => {
  test('approval sets published_at (same moment), the listing name, the field lock and the admin tick', async () => {
    const app = await createAppAs(owner, 'Publish Me');
    const draft = await completeDraft(t, owner, app.id, 'Publish Me Listing');
    const before = (await owner.get(`${V}/developer_apps/${app.id}`)).json();
    assert.equal(before.published_at, null);
    assert.equal(before.listing_name, null);
    assert.equal((await listRow(app.id))?.published, false);
    assert.equal((await owner.patch(`${V}/submissions/${draft.id}`, { state: 'in_review' })).statusCode, 200);
    // Still in review: not published yet.
    assert.equal((await owner.get(`${V}/developer_apps/${app.id}`)).json().published_at, null);
    t.clock.advance(60_000);
    const approvedAt = t.clock.now().toISOString();
    const approved = await staff.patch(`${V}/admin/submissions/${draft.id}`, { approval_state: 'approved' });
    assert.equal(approved.statusCode, 200, approved.body);
    const after = (await owner.get(`${V}/developer_apps/${app.id}`)).json();
    assert.equal(after.published_at, approvedAt);
    assert.equal(approved.json().published_at, approvedAt, "the listing's and the app's publication agree");
    assert.equal(after.listing_name, 'Publish Me Listing');
    // The published lock (spec developer-apps §2 Settings tab).
    const permissions = (await owner.get(`${V}/developer_app_permissions?developer_app_id=${app.id}`)).json();
    assert.equal(permissions.appFieldPermissions.internal_name, false);
    assert.equal((await listRow(app.id))?.published, true);
    assert.equal((await staff.get(`${V}/admin/developer_apps/${app.id}`)).json().published_at, approvedAt);

    // A later approval replaces the live listing; the app keeps its first publication date.
    const next = await owner.post(`${V}/developer_apps/${app.id}/submissions`, { tagline: 'Newer' });
    assert.equal(next.statusCode, 201, next.body);
    assert.equal(
      (await owner.patch(`${V}/submissions/${next.json().id}`, { state: 'in_review' })).statusCode,
      200,
    );
    t.clock.advance(60_000);
    const again = await staff.patch(`${V}/admin/submissions/${next.json().id}`, {
      approval_state: 'approved',
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await owner.get(`${V}/developer_apps/${app.id}`)).json().published_at, approvedAt);
  });

  test('a rejection publishes nothing', async () => {
    const app = await createAppAs(owner, 'Rejected App');
    const draft = await completeDraft(t, owner, app.id, 'Rejected Listing');
    await owner.patch(`${V}/submissions/${draft.id}`, { state: 'in_review' });
    const rejected = await staff.patch(`${V}/admin/submissions/${draft.id}`, {
      approval_state: 'rejected',
      admin_message: 'Add pricing',
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const after = (await owner.get(`${V}/developer_apps/${app.id}`)).json();
    assert.deepEqual([after.published_at, after.listing_name], [null, null]);
  });
});

describe('a production credentials request reaches the reviewers', () => {
  test('in the queue with its own tag and In Review At, mailed to reviewers, approved from the queue', async () => {
    const app = await createAppAs(owner, 'Needs Production');
    assert.equal(await queueRow(app.id), undefined);
    t.clock.advance(60_000);
    const requestedAt = t.clock.now().toISOString();
    const res = await owner.post(`${V}/developer_apps/${app.id}/production_access`, { confidential: false });
    assert.equal(res.statusCode, 200, res.body);
    const row = await queueRow(app.id);
    assert.ok(row, 'the request is in the review queue');
    assert.equal(row.has_production_access_request, true);
    assert.equal(row.production_access_requested_at, requestedAt);
    assert.deepEqual(
      [
        row.has_marketplace_access_request,
        row.has_marketplace_listing_in_review,
        row.has_app_version_in_review,
      ],
      [false, false, false],
    );
    assert.equal((await listRow(app.id))?.in_review_at, requestedAt, 'the admin list shows In Review At');
    const [mail, ...more] = (await t.mailsOf('production_access_requested', reviewer)).filter(
      (sent) => sent.subject === 'Production credentials requested: Needs Production',
    );
    assert.ok(mail, 'the reviewer is mailed');
    assert.equal(more.length, 0, 'once');
    assert.match(mail.text, /requested public production credentials for Needs Production/);
    assert.match(mail.text, /\/admin\/review_queue/);
    assert.equal((await t.mailsOf('production_access_requested', ownerEmail)).length, 0);

    // Asking twice: the one error shape.
    assertConflict(
      await owner.post(`${V}/developer_apps/${app.id}/production_access`, { confidential: true }),
      'Production credentials have already been requested for this app',
    );

    const approved = await staff.post(`${V}/admin/developer_apps/${app.id}/production_access/approve`);
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(await queueRow(app.id), undefined, 'the queue no longer lists it');
    assert.equal((await listRow(app.id))?.in_review_at, null);
    const single = (await owner.get(`${V}/developer_apps/${app.id}`)).json();
    assert.equal(single.production_access, 'production_approved');
    assert.equal((await t.mailsOf('production_access_approved', ownerEmail)).length, 1);
    assertConflict(
      await staff.post(`${V}/admin/developer_apps/${app.id}/production_access/approve`),
      'This app has no pending production credentials request',
    );
  });

  test('a denial takes it out of the queue too', async () => {
    const app = await createAppAs(owner, 'Denied Production');
    await owner.post(`${V}/developer_apps/${app.id}/production_access`, { confidential: true });
    assert.ok(await queueRow(app.id));
    const denied = await staff.post(`${V}/admin/developer_apps/${app.id}/production_access/deny`, {
      reason: 'Describe the app first',
    });
    assert.equal(denied.statusCode, 200, denied.body);
    assert.equal(await queueRow(app.id), undefined);
  });
});

describe('marketplace access request', () => {
  test('request → queue and reviewer mail → enable → the developer hears and creates the listing', async () => {
    const app = await createAppAs(owner, 'Wants Marketplace');
    const refused = await owner.post(`${V}/developer_apps/${app.id}/submissions`, { public_name: 'Early' });
    assert.equal(refused.statusCode, 403, refused.body);
    t.clock.advance(60_000);
    const requestedAt = t.clock.now().toISOString();
    const res = await owner.post(`${V}/developer_apps/${app.id}/marketplace_access`);
    assert.equal(res.statusCode, 200, res.body);
    const single = (await owner.get(`${V}/developer_apps/${app.id}`)).json();
    assert.deepEqual(
      [single.marketplace_enabled, single.marketplace_access_requested_at],
      [false, requestedAt],
    );
    const row = await queueRow(app.id);
    assert.ok(row);
    assert.deepEqual(
      [
        row.has_marketplace_access_request,
        row.marketplace_access_requested_at,
        row.has_production_access_request,
      ],
      [true, requestedAt, false],
    );
    const [mail] = await t.mailsOf('marketplace.access_requested', reviewer);
    assert.ok(mail);
    assert.equal(mail.subject, 'Marketplace access requested: Wants Marketplace');
    assertConflict(
      await owner.post(`${V}/developer_apps/${app.id}/marketplace_access`),
      'Marketplace access has already been requested for this app',
    );

    const enabled = await staff.post(`${V}/admin/developer_apps/${app.id}/marketplace_access/approve`);
    assert.equal(enabled.statusCode, 200, enabled.body);
    assert.equal(await queueRow(app.id), undefined);
    const after = (await owner.get(`${V}/developer_apps/${app.id}`)).json();
    assert.deepEqual([after.marketplace_enabled, after.marketplace_access_requested_at], [true, null]);
    const staffView = (await staff.get(`${V}/admin/developer_apps/${app.id}`)).json();
    assert.equal(staffView.marketplace_enabled, true, 'the same Marketplace enabled the admin page ticks');
    const [told] = await t.mailsOf('marketplace.access_approved', ownerEmail);
    assert.ok(told, 'the developer is told');
    assert.equal(told.subject, 'Marketplace listing enabled: Wants Marketplace');
    assert.match(told.text, new RegExp(`/developer_apps/${app.id}\\?tab=marketplaceListing`));

    const created = await owner.post(`${V}/developer_apps/${app.id}/submissions`, { public_name: 'Now' });
    assert.equal(created.statusCode, 201, created.body);
    assertConflict(
      await owner.post(`${V}/developer_apps/${app.id}/marketplace_access`),
      'The marketplace listing is already enabled for this app',
    );
    assertConflict(
      await staff.post(`${V}/admin/developer_apps/${app.id}/marketplace_access/approve`),
      'This app has no pending marketplace access request',
    );
  });

  test('declined with a reason: the developer hears it and may ask again', async () => {
    const app = await createAppAs(owner, 'Declined Marketplace');
    await owner.post(`${V}/developer_apps/${app.id}/marketplace_access`);
    const denied = await staff.post(`${V}/admin/developer_apps/${app.id}/marketplace_access/deny`, {
      reason: 'Finish the sandbox first',
    });
    assert.equal(denied.statusCode, 200, denied.body);
    assert.equal(await queueRow(app.id), undefined);
    const [told] = await t.mailsOf('marketplace.access_rejected', ownerEmail);
    assert.ok(told);
    assert.match(told.text, /Reason: Finish the sandbox first/);
    assert.equal((await owner.get(`${V}/developer_apps/${app.id}`)).json().marketplace_enabled, false);
    assert.equal((await owner.post(`${V}/developer_apps/${app.id}/marketplace_access`)).statusCode, 200);
  });

  test('ticking Marketplace enabled on the admin app page answers a waiting request', async () => {
    const app = await createAppAs(owner, 'Ticked Marketplace');
    await owner.post(`${V}/developer_apps/${app.id}/marketplace_access`);
    const saved = await staff.patch(`${V}/admin/developer_apps/${app.id}`, {
      developer_app: { marketplace_enabled: true },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().marketplace_access_requested_at, null);
    assert.equal(await queueRow(app.id), undefined);
    const told = await t.mailsOf('marketplace.access_approved', ownerEmail);
    assert.equal(told.filter((mail) => mail.subject.endsWith('Ticked Marketplace')).length, 1);
  });

  test('a stranger is told the app does not exist; a developer-role collaborator may not ask', async () => {
    const app = await createAppAs(owner, 'Guarded Marketplace');
    const stranger = (await t.asNewUser({})).client;
    const res = await stranger.post(`${V}/developer_apps/${app.id}/marketplace_access`);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
    // A developer-role collaborator may not (Submit Marketplace Listing is the owner's and admins').
    const developer = await t.asNewUser({});
    await addMember(t, app.id, developer.user.id, 'developer');
    const refused = await developer.client.post(`${V}/developer_apps/${app.id}/marketplace_access`);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'You do not have permission to request marketplace access');
    assert.equal(await queueRow(app.id), undefined);
  });
});
