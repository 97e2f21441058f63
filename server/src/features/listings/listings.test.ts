import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LISTING_MESSAGES, LISTING_REVIEW_EVENT } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { analyticsEvents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { joinApp } from '../collaborators/testing.ts';
import { createVersion, manifestApp } from '../manifests/testing.ts';
import { ACCESS_MESSAGES } from './listings.access.ts';
import { ONE_MOVE_MESSAGE } from './listings.moves.ts';
import { REVIEW_MESSAGES } from './listings.review.ts';
import { UNKNOWN_APP_VERSION } from './listings.rules.ts';
import { STAFF_ONLY_MESSAGE } from './listings.service.ts';
import { completeDraft, completeFields, enableMarketplace } from './testing.ts';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['asNewUser']>>;
let staff: Awaited<ReturnType<TestApp['asNewUser']>>;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  owner = await t.asNewUser({ name: 'Olive Owner' });
  staff = await t.asNewUser({ name: 'Rae Reviewer', role: 'admin' });
});
after(() => t.close());

const V = '/api/v1';
const patch = (client: TestClient, id: string, body: unknown, admin = false) =>
  client.patch(`${V}${admin ? '/admin' : ''}/submissions/${id}`, body);
/** Staff's PATCH of a submission (the admin route: review decisions and staff edits). */
const staffPatch = (id: string, body: unknown) => patch(staff.client, id, body, true);
const listingOf = async (client: TestClient, appId: string) =>
  (await client.get(`${V}/developer_apps/${appId}/submissions`)).json();
const events = async (submissionId: string) =>
  (await t.ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.key, LISTING_REVIEW_EVENT)))
    .filter((event) => event.properties.submission_id === submissionId)
    .map((event) => event.properties.state);

async function newApp(name = 'Listing App') {
  const app = await createAppAs(owner.client, name);
  return app.id;
}

/** A new app with the marketplace activated and the owner's draft listing of `fields`. */
async function newDraft(fields: Record<string, unknown> = {}) {
  const appId = await newApp();
  await enableMarketplace(t, appId);
  const draft = (await owner.client.post(`${V}/developer_apps/${appId}/submissions`, fields)).json();
  return { appId, draft };
}

describe('saving', () => {
  test('the marketplace must be activated for the app before a developer creates a listing', async () => {
    const appId = await newApp();
    const res = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, { public_name: 'X' });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, ACCESS_MESSAGES.notActivated);
    // Staff may start one regardless (the admin app page).
    const byStaff = await staff.client.post(`${V}/admin/developer_apps/${appId}/submissions`, {
      public_name: 'X',
    });
    assert.equal(byStaff.statusCode, 201, byStaff.body);
  });

  test('two first saves at once: one creates the draft, the other gets a clear answer, never a 500', async () => {
    const appId = await newApp();
    await enableMarketplace(t, appId);
    const post = (name: string) =>
      owner.client.post(`${V}/developer_apps/${appId}/submissions`, { public_name: name });
    const answers = await Promise.all([post('One'), post('Two')]);
    const statuses = answers.map((res) => res.statusCode).sort();
    assert.ok(statuses.includes(201), answers.map((res) => res.body).join('\n'));
    for (const res of answers)
      if (res.statusCode === 409) assert.equal(res.json().message, REVIEW_MESSAGES.changed);
      else assert.ok([200, 201].includes(res.statusCode), res.body);
    const listing = await listingOf(owner.client, appId);
    assert.ok(listing.unpublished_app, 'one draft');
  });

  test('POST creates the draft (201), then updates it (200); GET shows it as the unpublished listing', async () => {
    const appId = await newApp();
    await enableMarketplace(t, appId);
    const created = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, {
      public_name: 'First',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().state, 'draft');
    assert.equal(created.json().approval_state, 'unreviewed');
    const again = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, {
      submission: { tagline: 'Wrapped fields work too' },
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().id, created.json().id);
    assert.equal(again.json().public_name, 'First');
    assert.equal(again.json().tagline, 'Wrapped fields work too');
    const listing = await listingOf(owner.client, appId);
    assert.equal(listing.published_app, null);
    assert.equal(listing.unpublished_app.id, created.json().id);
  });

  test('a draft save keeps limits and formats, with every problem at its field', async () => {
    const appId = await newApp();
    await enableMarketplace(t, appId);
    const res = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, {
      public_name: 'x'.repeat(51),
      support_email: 'nope',
      category_ids: [1, 2, 3, 4],
      website_link: { label: 'Site', url: 'javascript:alert(1)' },
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().fields, {
      public_name: ['Character limit exceeded (50)'],
      category_ids: [LISTING_MESSAGES.maxCategories],
      support_email: [LISTING_MESSAGES.email],
      'website_link.url': [LISTING_MESSAGES.url],
    });
    // The failed create left no listing behind.
    assert.equal((await listingOf(owner.client, appId)).unpublished_app, null);
    const unknown = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, {
      category_ids: [999],
    });
    assert.deepEqual(unknown.json().fields, { category_ids: ['Unknown category: 999'] });
  });

  test('developers on the app see the listing but may not change it; strangers and staff on the developer path get 404', async () => {
    const { appId, draft } = await newDraft({ public_name: 'Seen' });
    const developer = await joinApp(t, owner.client, appId, 'developer');
    assert.equal((await developer.client.get(`${V}/submissions/${draft.id}`)).statusCode, 200);
    const refused = await patch(developer.client, draft.id, { public_name: 'Changed' });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, ACCESS_MESSAGES.edit);
    const stranger = await t.asNewUser();
    assert.equal((await stranger.client.get(`${V}/submissions/${draft.id}`)).statusCode, 404);
    assert.equal((await staff.client.get(`${V}/submissions/${draft.id}`)).statusCode, 404);
    assert.equal((await staff.client.get(`${V}/admin/submissions/${draft.id}`)).statusCode, 200);
    assert.equal((await owner.client.get(`${V}/submissions/${draft.id}`)).json().public_name, 'Seen');
  });
});

test('the listing names one of its app’s production versions; its label comes along', async () => {
  const app = await manifestApp(t, owner.client);
  await enableMarketplace(t, app.id);
  const production = await createVersion(owner.client, app.id, 'Production', '1.2.0');
  const sandbox = await createVersion(owner.client, app.id, 'Sandbox', '1.3.0');
  const other = await manifestApp(t, owner.client);
  const foreign = await createVersion(owner.client, other.id, 'Production', '9.0.0');
  const { id } = (await owner.client.post(`${V}/developer_apps/${app.id}/submissions`, {})).json();
  for (const versionId of [sandbox.id, foreign.id, 'not-a-uuid']) {
    const refused = await patch(owner.client, id, { app_version_id: versionId });
    assert.equal(refused.statusCode, 422, versionId);
    assert.deepEqual(refused.json().fields, { app_version_id: [UNKNOWN_APP_VERSION] });
  }
  const picked = await patch(owner.client, id, { app_version_id: production.id });
  assert.equal(picked.statusCode, 200, picked.body);
  assert.equal(picked.json().app_version_id, production.id);
  assert.equal(picked.json().app_version, '1.2.0');
  const cleared = await patch(owner.client, id, { app_version_id: null, app_version: null });
  assert.equal(cleared.json().app_version_id, null);
});

describe('staff-only fields from developers', () => {
  test('a change is refused (403 naming each field) and nothing is saved; the same value sent back is ignored', async () => {
    const { draft } = await newDraft({ public_name: 'Mine' });
    const res = await patch(owner.client, draft.id, {
      public_name: 'Renamed',
      beta: true,
      security_badge: true,
      admin_message: '<p>Looks great</p>',
      approval_state: 'approved',
    });
    assert.equal(res.statusCode, 403, res.body);
    assert.deepEqual(Object.keys(res.json().fields).sort(), [
      'admin_message',
      'approval_state',
      'beta',
      'security_badge',
    ]);
    assert.deepEqual(res.json().fields.beta, [STAFF_ONLY_MESSAGE]);
    const after = (await owner.client.get(`${V}/submissions/${draft.id}`)).json();
    assert.equal(after.public_name, 'Mine');
    assert.equal(after.beta, false);
    // Echoing the listing as it is (staff fields unchanged) saves the rest.
    const echoed = await patch(owner.client, draft.id, {
      public_name: 'Renamed',
      beta: false,
      made_by_procore: false,
      admin_message: null,
      notes: null,
      approval_state: 'unreviewed' as never,
    });
    assert.equal(echoed.statusCode, 422, 'approval_state takes approved or rejected only');
    const ok = await patch(owner.client, draft.id, {
      public_name: 'Renamed',
      beta: false,
      admin_message: null,
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().public_name, 'Renamed');
  });

  test('create-lead is for platform employees; staff set the admin-only fields through the admin path', async () => {
    const { draft } = await newDraft();
    const lead = await patch(owner.client, draft.id, { create_lead: true });
    assert.equal(lead.statusCode, 403);
    assert.ok(lead.json().fields.create_lead);
    const flags = [
      'create_lead',
      'beta',
      'security_badge',
      'is_concierge_app',
      'made_by_procore',
      'procore_certified_partner',
    ];
    const all = (value: boolean) => Object.fromEntries(flags.map((flag) => [flag, value]));
    const byStaff = await staffPatch(draft.id, {
      ...all(true),
      notes: 'Partner since 2020',
      admin_message: '<p>Hello <script>alert(1)</script><a href="javascript:x()">there</a></p>',
    });
    assert.equal(byStaff.statusCode, 200, byStaff.body);
    const saved = byStaff.json();
    assert.equal(saved.create_lead, true);
    assert.equal(saved.beta && saved.security_badge && saved.is_concierge_app, true);
    assert.equal(saved.made_by_procore && saved.procore_certified_partner, true);
    assert.equal(saved.notes, 'Partner since 2020');
    assert.equal(saved.admin_message, '<p>Hello <a>there</a></p>', 'sanitized');
    // Developers see the message but not staff notes.
    const seen = (await owner.client.get(`${V}/submissions/${draft.id}`)).json();
    assert.equal(seen.admin_message, '<p>Hello <a>there</a></p>');
    assert.equal(seen.notes, null);
    // The staff edit is on the app's history, with only what changed; the owner's own edit is not.
    assert.equal((await patch(owner.client, draft.id, { tagline: 'By the owner' })).statusCode, 200);
    const history = (
      await staff.client.get(`${V}/admin/audit?filters[subject_id]=${draft.developer_app_id}`)
    ).json();
    assert.deepEqual(
      history.map((event: { action: string; before: object; after: object }) => [
        event.action,
        event.before,
        event.after,
      ]),
      [
        [
          'developer_app.listing_update',
          { ...all(false), notes: null, admin_message: null },
          { ...all(true), notes: 'Partner since 2020', admin_message: '<p>Hello <a>there</a></p>' },
        ],
      ],
    );
  });
});

describe('the review flow', () => {
  test('submit → in review (read-only for developers) → withdraw → resubmit → reject → resubmit → approve', async () => {
    const appId = await newApp('Review Flow');
    const appAdmin = await joinApp(t, owner.client, appId, 'admin');
    const draft = await completeDraft(t, owner.client, appId);
    assert.deepEqual(draft.permissions, {
      can_edit: true,
      can_submit: true,
      can_withdraw: false,
      can_review: false,
    });

    const submitted = await patch(owner.client, draft.id, { state: 'in_review' });
    assert.equal(submitted.statusCode, 200, submitted.body);
    assert.equal(submitted.json().state, 'in_review');
    assert.ok(submitted.json().submitted_at);
    assert.equal(submitted.json().permissions.can_edit, false);
    assert.deepEqual(await events(draft.id), ['submitted']);
    const reviewerMail = await t.mailsOf('marketplace.listing_submitted', staff.user.email);
    assert.equal(reviewerMail.length, 1);
    assert.match(reviewerMail[0]!.text, /submitted the marketplace listing "Field Sync"/);

    // In review: read-only for the app's people, whatever they send (server-enforced).
    for (const client of [owner.client, appAdmin.client]) {
      const edit = await patch(client, draft.id, { tagline: 'Sneaky edit' });
      assert.equal(edit.statusCode, 409);
      assert.equal(edit.json().message, ACCESS_MESSAGES.inReview);
      const viaPost = await client.post(`${V}/developer_apps/${appId}/submissions`, {
        tagline: 'Sneaky edit',
      });
      assert.equal(viaPost.statusCode, 409);
    }
    assert.equal((await owner.client.get(`${V}/submissions/${draft.id}`)).json().tagline, draft.tagline);
    // Staff edit regardless of state.
    const staffEdit = await staffPatch(draft.id, { tagline: 'Tightened by staff' });
    assert.equal(staffEdit.statusCode, 200, staffEdit.body);
    assert.equal(staffEdit.json().state, 'in_review');

    const withdrawn = await patch(appAdmin.client, draft.id, {
      state: 'draft',
      tagline: 'Edited after withdrawing',
    });
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.equal(withdrawn.json().state, 'draft');
    assert.equal(withdrawn.json().tagline, 'Edited after withdrawing');

    assert.equal((await patch(owner.client, draft.id, { state: 'in_review' })).statusCode, 200);
    const noMessage = await staffPatch(draft.id, { approval_state: 'rejected' });
    assert.equal(noMessage.statusCode, 422);
    assert.deepEqual(noMessage.json().fields, { admin_message: [REVIEW_MESSAGES.rejectMessage] });
    const rejected = await staffPatch(draft.id, {
      approval_state: 'rejected',
      admin_message: '<p>Please add <b>pricing</b> details.</p>',
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal(rejected.json().state, 'draft');
    assert.equal(rejected.json().approval_state, 'rejected');
    assert.equal(rejected.json().admin_message, '<p>Please add <b>pricing</b> details.</p>');
    for (const person of [owner.user, appAdmin.user]) {
      const [mail] = await t.mailsOf('marketplace.listing_rejected', person.email);
      assert.ok(mail, `rejection mailed to ${person.email}`);
      assert.match(mail.text, /Message from the reviewer:\nPlease add pricing details\./);
      assert.match(mail.html, /<b>pricing<\/b>/);
    }

    const resubmitted = await patch(owner.client, draft.id, { state: 'in_review' });
    assert.equal(resubmitted.json().approval_state, 'unreviewed');
    assert.equal(
      resubmitted.json().admin_message,
      '<p>Please add <b>pricing</b> details.</p>',
      'kept: the button reads Resubmit',
    );
    const approved = await staffPatch(draft.id, { approval_state: 'approved' });
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.json().state, 'published');
    assert.equal(approved.json().approval_state, 'approved');
    assert.equal(approved.json().live, true);
    assert.equal(approved.json().slug, 'field-sync');
    assert.deepEqual(await events(draft.id), ['submitted', 'submitted', 'rejected', 'submitted', 'approved']);
    assert.equal((await t.mailsOf('marketplace.listing_approved', owner.user.email)).length, 1);
    const listing = await listingOf(owner.client, appId);
    assert.equal(listing.published_app.id, draft.id);
    assert.equal(listing.unpublished_app, null);
  });

  test('submitting runs the full rules first and collects every problem; nothing moves', async () => {
    const { id } = (await newDraft(completeFields())).draft;
    const res = await patch(owner.client, id, { state: 'in_review' });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().message, LISTING_MESSAGES.notValid);
    assert.deepEqual(res.json().fields, {
      app_version_id: [LISTING_MESSAGES.required],
      small_logo: [LISTING_MESSAGES.required],
      pictures: ['At least 3 items are required'],
      showcase_video: [LISTING_MESSAGES.required],
    });
    assert.equal((await owner.client.get(`${V}/submissions/${id}`)).json().state, 'draft');
    assert.deepEqual(await events(id), []);
  });

  test('a save and a submit in one request: the fields are kept even when the submit is refused', async () => {
    const { id } = (await newDraft()).draft;
    const res = await patch(owner.client, id, { public_name: 'Kept', state: 'in_review' });
    assert.equal(res.statusCode, 422);
    assert.equal((await owner.client.get(`${V}/submissions/${id}`)).json().public_name, 'Kept');
  });

  test('a save makes one move: state and approval_state together are refused (422) and nothing moves', async () => {
    const appId = await newApp('One Move');
    const draft = await completeDraft(t, owner.client, appId, 'One Move');
    const res = await staffPatch(draft.id, {
      tagline: 'Not kept',
      state: 'in_review',
      approval_state: 'approved',
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().fields, { approval_state: [ONE_MOVE_MESSAGE] });
    const current = (await owner.client.get(`${V}/submissions/${draft.id}`)).json();
    assert.equal(current.state, 'draft');
    assert.notEqual(current.tagline, 'Not kept');
    assert.deepEqual(await events(draft.id), []);
  });

  test('every other transition answers 409 and changes nothing', async () => {
    const appId = await newApp('Refusals');
    const draft = await completeDraft(t, owner.client, appId, 'Refusals');
    const developer = await joinApp(t, owner.client, appId, 'developer');
    const expect409 = async (client: TestClient, body: object, admin: boolean, message: string) => {
      const res = await patch(client, draft.id, body, admin);
      assert.equal(res.statusCode, 409, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(res.json().message, message);
    };
    /** Staff may neither approve nor reject a listing that is not in review. */
    const expectNoReview = async () => {
      await expect409(staff.client, { approval_state: 'approved' }, true, REVIEW_MESSAGES.review);
      const reject = { approval_state: 'rejected', admin_message: 'No' };
      await expect409(staff.client, reject, true, REVIEW_MESSAGES.review);
    };
    await expect409(owner.client, { state: 'draft' }, false, REVIEW_MESSAGES.withdraw);
    await expectNoReview();
    // Developers may not submit (matrix: owner and admins only).
    assert.equal((await patch(developer.client, draft.id, { state: 'in_review' })).statusCode, 403);
    assert.equal((await patch(owner.client, draft.id, { state: 'in_review' })).statusCode, 200);
    await expect409(owner.client, { state: 'in_review' }, false, REVIEW_MESSAGES.submit);
    assert.equal((await staffPatch(draft.id, { approval_state: 'approved', silent: true })).statusCode, 200);
    // Published: approve, reject, submit and withdraw are all refused; developers save a new draft instead.
    await expectNoReview();
    await expect409(staff.client, { state: 'in_review' }, true, REVIEW_MESSAGES.submit);
    await expect409(owner.client, { tagline: 'In place' }, false, ACCESS_MESSAGES.published);
    const current = (await owner.client.get(`${V}/submissions/${draft.id}`)).json();
    assert.equal(current.state, 'published');
    assert.equal(current.silent, true);
    // Silent: no e-mail to the developer.
    assert.equal(
      (await t.mailsOf('marketplace.listing_approved', owner.user.email)).filter((m) =>
        m.subject.includes('Refusals'),
      ).length,
      0,
    );
  });

  test('editing a published listing makes a new draft (a copy with its media) beside it; approving it replaces the published one', async () => {
    const appId = await newApp('Second Round');
    const first = await completeDraft(t, owner.client, appId, 'Second Round');
    await patch(owner.client, first.id, { state: 'in_review' });
    await staffPatch(first.id, { approval_state: 'approved' });

    const edit = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, {
      tagline: 'Now with weather',
      remove_media_ids: [first.pictures[0].id],
    });
    assert.equal(edit.statusCode, 422, 'a copied picture is removed by its own id, not the published one');
    const copy = await owner.client.post(`${V}/developer_apps/${appId}/submissions`, {
      tagline: 'Now with weather',
    });
    assert.equal(copy.statusCode, 201, copy.body);
    const draft = copy.json();
    assert.notEqual(draft.id, first.id);
    assert.equal(draft.public_name, 'Second Round');
    assert.equal(draft.pictures.length, 3);
    assert.notEqual(draft.pictures[0].id, first.pictures[0].id);
    assert.ok(draft.small_logo && draft.showcase_video);
    assert.equal(draft.admin_message, null);
    const both = await listingOf(owner.client, appId);
    assert.equal(both.published_app.id, first.id);
    assert.equal(both.published_app.tagline, first.tagline);
    assert.equal(both.unpublished_app.id, draft.id);
    // The copy's files are its own: removing one leaves the published listing's picture served.
    const removed = await patch(owner.client, draft.id, { remove_media_ids: [draft.pictures[0].id] });
    assert.equal(removed.json().pictures.length, 2);
    assert.equal((await t.client().get(first.pictures[0].url)).statusCode, 200);

    await patch(owner.client, draft.id, { remove_media_ids: [] });
    const refill = await owner.client.request({
      method: 'PATCH',
      url: `${V}/submissions/${draft.id}`,
      ...(await import('../../test/uploads.ts')).multipart([
        {
          name: 'submission[pictures_attributes][0][file]',
          filename: 's.png',
          type: 'image/png',
          data: (await import('./testing.ts')).screenshot(),
        },
      ]),
    });
    assert.equal(refill.statusCode, 200, refill.body);
    assert.equal((await patch(owner.client, draft.id, { state: 'in_review' })).statusCode, 200);
    assert.equal((await staffPatch(draft.id, { approval_state: 'approved' })).statusCode, 200);
    const after = await listingOf(owner.client, appId);
    assert.equal(after.published_app.id, draft.id);
    assert.equal(after.published_app.tagline, 'Now with weather');
    assert.equal(after.published_app.slug, 'second-round', 'the public address stays');
    assert.equal(after.unpublished_app, null);
    const old = await staffPatch(first.id, { tagline: 'x' });
    assert.equal(old.statusCode, 409);
    assert.equal(old.json().message, ACCESS_MESSAGES.archived);
  });
});

describe('staff decisions are audited', () => {
  test('reject and approve go on the app history with the state and the admin message; so does the marketplace toggle', async () => {
    const appId = await newApp('Audited Listing');
    const draft = await completeDraft(t, owner.client, appId);
    const history = async () =>
      (
        (await staff.client.get(`${V}/admin/audit?filters[subject_id]=${appId}`)).json() as Array<{
          action: string;
          actor_email: string;
          before: unknown;
          after: unknown;
        }>
      ).map((event) => [event.action, event.actor_email, event.before, event.after]);
    // completeDraft turned the marketplace on directly; staff turn it off and on through the API.
    const toggle = (on: boolean) =>
      staff.client.patch(`${V}/admin/developer_apps/${appId}`, {
        developer_app: { marketplace_enabled: on },
      });
    assert.equal((await toggle(false)).statusCode, 200);
    t.clock.advance(1000); // the history is newest first: each event a second after the last
    assert.equal((await toggle(true)).statusCode, 200);
    t.clock.advance(1000);

    assert.equal((await patch(owner.client, draft.id, { state: 'in_review' })).statusCode, 200);
    const rejected = await staffPatch(draft.id, {
      approval_state: 'rejected',
      admin_message: '<p>Add pricing</p>',
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    t.clock.advance(1000);
    assert.equal((await patch(owner.client, draft.id, { state: 'in_review' })).statusCode, 200);
    // The message is saved first (the admin tab's field), then the decision is sent on its own.
    assert.equal((await staffPatch(draft.id, { admin_message: '<p>Thanks</p>' })).statusCode, 200);
    t.clock.advance(1000);
    const approved = await staffPatch(draft.id, { approval_state: 'approved', silent: true });
    assert.equal(approved.statusCode, 200, approved.body);

    const email = staff.user.email;
    assert.deepEqual(await history(), [
      [
        'developer_app.listing_approve',
        email,
        { listing: 'in_review', approval_state: 'unreviewed', silent: false, admin_message: '<p>Thanks</p>' },
        { listing: 'published', approval_state: 'approved', silent: true, admin_message: '<p>Thanks</p>' },
      ],
      // Saved on its own, the message is a staff edit of the listing.
      [
        'developer_app.listing_update',
        email,
        { admin_message: '<p>Add pricing</p>' },
        { admin_message: '<p>Thanks</p>' },
      ],
      [
        'developer_app.listing_reject',
        email,
        { listing: 'in_review', approval_state: 'unreviewed', admin_message: null },
        { listing: 'draft', approval_state: 'rejected', admin_message: '<p>Add pricing</p>' },
      ],
      ['developer_app.update', email, { marketplace_enabled: false }, { marketplace_enabled: true }],
      ['developer_app.update', email, { marketplace_enabled: true }, { marketplace_enabled: false }],
    ]);
  });
});
