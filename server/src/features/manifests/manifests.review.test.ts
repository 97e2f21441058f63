import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { manifestHeaderStatus, REVIEW_STATES, type ReviewState } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { analyticsEvents, appVersions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { mailsTo } from '../collaborators/testing.ts';
import { REVIEW_EVENT_KEY } from './manifests.review.ts';
import { createVersion, manifestTeam, promoteVersion } from './testing.ts';

let t: TestApp;
let staff: { user: { email: string }; client: TestClient };
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  staff = await t.asNewUser({ role: 'admin', name: 'Rita Reviewer' });
});
after(() => t.close());

/** A team app with a production version promoted from sandbox 0.1.0. */
async function productionVersion() {
  const team = await manifestTeam(t);
  const sandbox = await createVersion(team.owner, team.id, 'Sandbox', '0.1.0');
  const production = await promoteVersion(team.owner, sandbox.id);
  return { ...team, sandboxId: sandbox.id, versionId: production.id };
}

const submit = (client: TestClient, id: string, notes?: string | null) =>
  client.patch(`/api/v1/app_versions/${id}`, { app_version: { state: 'in_review', developer_notes: notes } });
const withdraw = (client: TestClient, id: string) =>
  client.patch(`/api/v1/app_versions/${id}`, { app_version: { state: 'confidential' } });
const review = (id: string, state: ReviewState, notes?: string) =>
  staff.client.patch(`/api/v1/admin/app_versions/${id}`, { app_version: { state, admin_notes: notes } });

async function events(versionId: string) {
  const rows = await t.ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.key, REVIEW_EVENT_KEY));
  return rows
    .filter((row) => (row.properties as { app_version_id: string }).app_version_id === versionId)
    .map((row) => (row.properties as { state: string }).state);
}

describe('allowed transitions, with the tracking event and e-mails', () => {
  test('submit, withdraw, reject, resubmit, approve', async () => {
    const app = await productionVersion();
    const submitted = await submit(app.appAdmin.client, app.versionId, 'Please look at the new side panel');
    assert.equal(submitted.statusCode, 200, submitted.body);
    assert.equal(submitted.json().state, 'in_review');
    assert.equal(submitted.json().developer_notes, 'Please look at the new side panel');
    assert.ok(submitted.json().submitted_at);
    assert.equal(submitted.json().submittable, false);
    // Reviewers (platform admins) are told, with the developer's notes.
    const [toReviewer] = (await mailsTo(t, staff.user.email)).filter(
      (m) => m.template === 'manifests.submitted',
    );
    assert.match(toReviewer!.subject, /^Manifest App \w+ version 0\.1\.0 was submitted for review$/);
    assert.match(toReviewer!.text, /Please look at the new side panel/);
    assert.match(toReviewer!.text, /\/admin\/developer_apps\//);

    const withdrawn = await withdraw(app.owner, app.versionId);
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.deepEqual([withdrawn.json().state, withdrawn.json().submittable], ['confidential', true]);

    await submit(app.owner, app.versionId);
    const rejected = await review(app.versionId, 'confidential', 'The side panel URL returns 404');
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.deepEqual(
      [rejected.json().state, rejected.json().admin_notes],
      ['confidential', 'The side panel URL returns 404'],
    );
    assert.ok(rejected.json().reviewed_at);

    await submit(app.owner, app.versionId, 'Fixed');
    const approved = await review(app.versionId, 'published', 'Looks good');
    assert.equal(approved.statusCode, 200, approved.body);
    assert.deepEqual(
      [approved.json().state, approved.json().admin_notes, approved.json().published_to_marketplace],
      ['published', 'Looks good', true],
    );
    assert.deepEqual(await events(app.versionId), [
      'submitted',
      'withdrawn',
      'submitted',
      'rejected',
      'submitted',
      'approved',
    ]);

    // The outcome goes to the owner and the app's admins (not its developers), with the notes.
    const outcomes = async (email: string) =>
      (await mailsTo(t, email))
        .filter((m) => m.template.startsWith('manifests.'))
        .map((m) => [m.template, m.text]);
    const [ownerEmail, adminEmail] = (
      await Promise.all([app.owner.get('/api/v1/me'), app.appAdmin.client.get('/api/v1/me')])
    ).map((res) => res.json().email);
    for (const email of [ownerEmail, adminEmail]) {
      const mails = Object.fromEntries(await outcomes(email));
      assert.deepEqual(Object.keys(mails).sort(), ['manifests.approved', 'manifests.rejected'], email);
      assert.match(mails['manifests.rejected']!, /was not approved[\s\S]*The side panel URL returns 404/);
      assert.match(mails['manifests.approved']!, /was approved[\s\S]*Looks good/);
    }
    assert.deepEqual(await outcomes(app.developer.user.email), []);
    assert.equal(
      (await mailsTo(t, staff.user.email)).filter((m) => m.template === 'manifests.submitted').length,
      3,
    );

    const newest = async (type: string) =>
      (
        await app.owner.get(
          `/api/v1/manifests?filters[developer_app_id]=${app.id}&filters[versionable_type]=${type}&per_page=1`,
        )
      ).json()[0];
    assert.equal(
      manifestHeaderStatus(await newest('Sandbox'), await newest('Production')).label,
      'Approved Version',
    );
  });
});

describe('refused transitions answer 409 and change nothing', () => {
  /** Puts the version straight into a state, so every pair is tried from every state. */
  const setState = (id: string, state: ReviewState) =>
    t.ctx.db
      .update(appVersions)
      // A version in review always says since when (a check constraint).
      .set({ state, ...(state === 'in_review' ? { submittedAt: t.clock.now() } : {}) })
      .where(eq(appVersions.id, id));

  test('every other transition, for developers and for staff', async () => {
    const app = await productionVersion();
    const allowed = new Set([
      'developer confidential→in_review',
      'developer in_review→confidential',
      'admin in_review→published',
      'admin in_review→confidential',
    ]);
    let refused = 0;
    for (const actor of ['developer', 'admin'] as const) {
      for (const from of REVIEW_STATES) {
        for (const to of REVIEW_STATES) {
          if (allowed.has(`${actor} ${from}→${to}`)) continue;
          await setState(app.versionId, from);
          const res =
            actor === 'admin'
              ? await review(app.versionId, to, 'notes')
              : await app.owner.patch(`/api/v1/app_versions/${app.versionId}`, {
                  app_version: { state: to },
                });
          assert.equal(res.statusCode, 409, `${actor} ${from}→${to}: ${res.body}`);
          assert.equal(res.json().code, 'conflict');
          const [row] = await t.ctx.db.select().from(appVersions).where(eq(appVersions.id, app.versionId));
          assert.equal(row!.state, from, `${actor} ${from}→${to} changed the state`);
          refused++;
        }
      }
    }
    assert.equal(refused, 14);
    assert.deepEqual(await events(app.versionId), []);
  });

  test('the refusals say why', async () => {
    const app = await productionVersion();
    const message = async (res: Promise<{ statusCode: number; json(): { message: string } }>) => {
      const answer = await res;
      assert.equal(answer.statusCode, 409);
      return answer.json().message;
    };
    assert.equal(
      await message(review(app.versionId, 'published')),
      'Only a version in review can be approved or rejected',
    );
    assert.equal(
      await message(withdraw(app.owner, app.versionId)),
      'This version is already confidential (not in review)',
    );
    await submit(app.owner, app.versionId);
    assert.equal(await message(submit(app.owner, app.versionId)), 'This version is already in review');
    assert.equal(
      await message(
        app.owner.patch(`/api/v1/app_versions/${app.versionId}`, { app_version: { state: 'published' } }),
      ),
      'Only a platform admin can approve a version',
    );
    await review(app.versionId, 'published');
    assert.match(
      await message(withdraw(app.owner, app.versionId)),
      /^A published version cannot be submitted or withdrawn/,
    );
    assert.equal(
      await message(submit(app.owner, app.sandboxId)),
      'Only production versions go through review; promote this version first',
    );
  });

  test('one version in review at a time, and only versions newer than the published one', async () => {
    const app = await productionVersion();
    const v2 = await createVersion(app.owner, app.id, 'Production', '0.2.0');
    await submit(app.owner, app.versionId);
    const list = async () =>
      (
        await app.owner.get(
          `/api/v1/manifests?filters[developer_app_id]=${app.id}&filters[versionable_type]=Production`,
        )
      ).json();
    assert.deepEqual(
      (await list()).map((m: { semantic_version: string; submittable: boolean }) => [
        m.semantic_version,
        m.submittable,
      ]),
      [
        ['0.2.0', false],
        ['0.1.0', false],
      ],
    );
    const second = await submit(app.owner, v2.id);
    assert.equal(second.statusCode, 409);
    assert.equal(second.json().message, 'Version 0.1.0 of this app is already in review; withdraw it first');

    await review(app.versionId, 'published');
    assert.equal((await submit(app.owner, v2.id)).statusCode, 200);
    await review(v2.id, 'published');
    // 0.2.0 is now the published version: the older approved one is no longer the marketplace's.
    const versions = await list();
    assert.deepEqual(
      versions.map((m: { semantic_version: string; published_to_marketplace: boolean }) => [
        m.semantic_version,
        m.published_to_marketplace,
      ]),
      [
        ['0.2.0', true],
        ['0.1.0', false],
      ],
    );
    // An older version cannot go back into review over the published one.
    await t.ctx.db
      .update(appVersions)
      .set({ state: 'confidential' })
      .where(and(eq(appVersions.id, app.versionId)));
    const older = await submit(app.owner, app.versionId);
    assert.equal(older.statusCode, 409);
    assert.equal(
      older.json().message,
      'Only a version newer than the published version (0.2.0) can be submitted',
    );
  });
});

describe('who may review', () => {
  test('owner and app admins submit and withdraw; developers may not; strangers and staff use their own calls', async () => {
    const app = await productionVersion();
    const stranger = await t.asNewUser();
    const denied = await submit(app.developer.client, app.versionId);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().message, 'You do not have permission to create, modify or publish manifests');
    assert.equal((await submit(stranger.client, app.versionId)).statusCode, 404);
    // Staff review through the admin call; the developers' call does not reveal apps they are not on.
    assert.equal((await submit(staff.client, app.versionId)).statusCode, 404);
    assert.equal((await submit(app.owner, app.versionId)).statusCode, 200);
    const notStaff = await app.owner.patch(`/api/v1/admin/app_versions/${app.versionId}`, {
      app_version: { state: 'published' },
    });
    assert.equal(notStaff.statusCode, 403);
    assert.equal((await review('00000000-0000-4000-8000-000000000000', 'published')).statusCode, 404);
    assert.equal((await review('not-a-uuid', 'published')).statusCode, 404);
    const badState = await review(app.versionId, 'draft' as ReviewState);
    assert.equal(badState.statusCode, 422);
    assert.ok(badState.json().fields['app_version.state']);
  });
});

describe('staff decisions are audited', () => {
  test('approve and reject go on the app history with the version, state and notes', async () => {
    const app = await productionVersion();
    assert.equal((await submit(app.owner, app.versionId, 'Please')).statusCode, 200);
    assert.equal((await review(app.versionId, 'confidential', 'Fix the icon')).statusCode, 200);
    t.clock.advance(1000); // the history is newest first: the two decisions a second apart
    assert.equal((await submit(app.owner, app.versionId)).statusCode, 200);
    assert.equal((await review(app.versionId, 'published', 'Good')).statusCode, 200);
    const history = (await staff.client.get(`/api/v1/admin/audit?filters[subject_id]=${app.id}`)).json();
    assert.deepEqual(
      history.map((event: { action: string; actor_email: string; before: unknown; after: unknown }) => [
        event.action,
        event.actor_email,
        event.before,
        event.after,
      ]),
      [
        [
          'developer_app.manifest_approve',
          staff.user.email,
          { 'manifest 0.1.0': 'in_review', admin_notes: 'Fix the icon' },
          { 'manifest 0.1.0': 'published', admin_notes: 'Good' },
        ],
        [
          'developer_app.manifest_reject',
          staff.user.email,
          { 'manifest 0.1.0': 'in_review', admin_notes: null },
          { 'manifest 0.1.0': 'confidential', admin_notes: 'Fix the icon' },
        ],
      ],
    );
  });
});
