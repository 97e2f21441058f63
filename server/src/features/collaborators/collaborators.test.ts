import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  developerAppInvitations,
  developerAppMembers,
  developerApps,
  oauthApplications,
} from '../../db/schema/index.ts';
import { type TestClient, useTestApp } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';
import { MESSAGES } from './collaborators.service.ts';
import { invitationToken, joinApp, mailsTo } from './testing.ts';

const t = useTestApp({ sandboxProvisionSeconds: 0 });

const DAY = 24 * 60 * 60 * 1000;

async function ownedApp(name = 'Field Sync') {
  const owner = await t.asNewUser({ name: 'Olivia Owner' });
  const app = await createAppAs(owner.client, name);
  return { owner, appId: app.id };
}

describe('inviting', () => {
  test('the owner invites by e-mail; the mail names inviter, app, role and a single-use link', async () => {
    const { owner, appId } = await ownedApp('Crane Tracker');
    const res = await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: '  New.Person@Example.com ',
      role: 'developer',
    });
    assert.equal(res.statusCode, 201, res.body);
    const invitation = res.json();
    assert.equal(invitation.email, 'new.person@example.com');
    assert.equal(invitation.role, 'developer');
    assert.equal(invitation.status, 'pending');
    assert.equal(invitation.expired, false);
    assert.equal(invitation.invited_by.name, 'Olivia Owner');
    assert.equal(new Date(invitation.expires_at).getTime(), t.clock.now().getTime() + 7 * DAY);

    const [mail] = await mailsTo(t, 'new.person@example.com');
    assert.equal(mail!.subject, 'Olivia Owner invited you to collaborate on Crane Tracker');
    assert.match(mail!.text, /join Crane Tracker .* as Developer\./);
    assert.match(mail!.html, /Accept invitation/);
    const token = await invitationToken(t, 'new.person@example.com');
    // Only the hash is stored.
    const [row] = await t.ctx.db
      .select()
      .from(developerAppInvitations)
      .where(eq(developerAppInvitations.id, invitation.id));
    assert.notEqual(row!.tokenHash, token);
    assert.match(row!.tokenHash, /^[0-9a-f]{64}$/);

    const list = await owner.client.get(`/api/v1/invitations?developer_app_id=${appId}`);
    assert.deepEqual(
      list.json().map((i: { email: string; status: string }) => [i.email, i.status]),
      [['new.person@example.com', 'pending']],
    );
  });

  test('refusals: owner role, bad role, missing or bad e-mail, existing collaborator, pending invitation', async () => {
    const { owner, appId } = await ownedApp();
    const cases: Array<[unknown, string, string]> = [
      [{ email: 'a@example.com', role: 'owner' }, 'role', 'Role must be developer or admin'],
      [{ email: 'a@example.com', role: 'user' }, 'role', 'Role must be developer or admin'],
      [{ email: 'a@example.com' }, 'role', 'Role must be developer or admin'],
      [{ email: '', role: 'admin' }, 'email', 'Email is required'],
      [{ role: 'admin' }, 'email', 'Email is required'],
      [{ email: 'not-an-address', role: 'admin' }, 'email', 'Enter a valid email address'],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.client.post('/api/v1/invitations', {
        developer_app_id: appId,
        ...(body as object),
      });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.deepEqual(res.json().fields[field], [message], JSON.stringify(body));
    }

    const self = await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: owner.user.email.toUpperCase(),
      role: 'admin',
    });
    assert.equal(self.statusCode, 409);
    assert.deepEqual(self.json().fields.email, [MESSAGES.alreadyCollaborator]);
    assert.equal(self.json().message, 'This person is already a collaborator on this app');

    const first = await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: 'twice@example.com',
      role: 'admin',
    });
    assert.equal(first.statusCode, 201);
    const again = await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: 'TWICE@example.com',
      role: 'developer',
    });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json().fields.email, ['An invitation for this email address is already pending']);
  });

  test('an admin invites; a developer and a stranger cannot; unknown apps are 404', async () => {
    const { owner, appId } = await ownedApp();
    const admin = await joinApp(t, owner.client, appId, 'admin');
    const developer = await joinApp(t, owner.client, appId, 'developer');
    const stranger = await t.asNewUser();
    const body = (email: string) => ({ developer_app_id: appId, email, role: 'developer' });
    /** How the app's two lists (invitations, then collaborators) answer the client. */
    const listStatuses = async (client: TestClient) => [
      (await client.get(`/api/v1/invitations?developer_app_id=${appId}`)).statusCode,
      (await client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).statusCode,
    ];

    assert.equal(
      (await admin.client.post('/api/v1/invitations', body('by-admin@example.com'))).statusCode,
      201,
    );
    const denied = await developer.client.post('/api/v1/invitations', body('by-dev@example.com'));
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().message, 'You do not have permission to manage collaborators');
    assert.equal((await stranger.client.post('/api/v1/invitations', body('x@example.com'))).statusCode, 404);
    assert.deepEqual(await listStatuses(stranger.client), [404, 404]);
    const missing = await owner.client.post('/api/v1/invitations', {
      developer_app_id: '00000000-0000-4000-8000-000000000000',
      email: 'x@example.com',
      role: 'admin',
    });
    assert.equal(missing.statusCode, 404);
    assert.equal((await owner.client.get('/api/v1/collaborators?developer_app_id=nope')).statusCode, 404);
    assert.equal((await t.client().get(`/api/v1/collaborators?developer_app_id=${appId}`)).statusCode, 401);
    // A developer may read the lists.
    assert.deepEqual(await listStatuses(developer.client), [200, 200]);
  });
});

describe('accepting', () => {
  test('the preview shows app, inviter and role; accepting adds the member and tells the inviter', async () => {
    const { owner, appId } = await ownedApp('Bid Board');
    const invitee = await t.createUser({ name: 'Dana Dev', email: 'dana@example.com' });
    await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: invitee.email,
      role: 'admin',
    });
    const token = await invitationToken(t, invitee.email);

    const preview = await t.client().get(`/api/v1/invitations/${token}`);
    assert.equal(preview.statusCode, 200);
    assert.deepEqual(preview.json(), {
      app_name: 'Bid Board',
      inviter_name: 'Olivia Owner',
      role: 'admin',
      state: 'pending',
      email_hint: 'd••••@example.com',
      email: 'dana@example.com',
    });
    assert.equal((await t.client().get('/api/v1/invitations/not-a-token')).statusCode, 404);
    assert.equal((await t.client().post(`/api/v1/invitations/${token}/accept`)).statusCode, 401);

    const client = await t.asUser(invitee);
    const res = await client.post(`/api/v1/invitations/${token}/accept`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { developer_app_id: appId, role: 'admin' });

    const apps = (await client.get('/api/v1/developer_apps')).json();
    assert.deepEqual(
      apps.map((a: { id: string; role: string }) => [a.id, a.role]),
      [[appId, 'admin']],
    );
    const collaborators = (await owner.client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).json();
    assert.deepEqual(
      collaborators.map((c: { name: string; email: string; role: string }) => [c.name, c.email, c.role]),
      [
        ['Olivia Owner', owner.user.email, 'owner'],
        ['Dana Dev', 'dana@example.com', 'admin'],
      ],
    );
    assert.deepEqual(collaborators[1].developer, { name: 'Dana Dev', email: 'dana@example.com' });
    assert.deepEqual((await owner.client.get(`/api/v1/invitations?developer_app_id=${appId}`)).json(), []);
    const notice = (await mailsTo(t, owner.user.email)).find(
      (m) => m.template === 'collaborators.invitation_accepted',
    );
    assert.equal(notice?.subject, 'Dana Dev joined Bid Board');

    // Single use.
    const reuse = await client.post(`/api/v1/invitations/${token}/accept`);
    assert.equal(reuse.statusCode, 409);
    assert.equal(reuse.json().message, 'This invitation has already been accepted');
    const used = (await t.client().get(`/api/v1/invitations/${token}`)).json();
    assert.equal(used.state, 'accepted');
    assert.equal(used.email, null, 'a used link no longer tells the full address');
    assert.equal(used.email_hint, 'd••••@example.com');
  });

  test('a different signed-in account is refused and the invitation stays usable', async () => {
    const { owner, appId } = await ownedApp();
    await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: 'right@example.com',
      role: 'developer',
    });
    const token = await invitationToken(t, 'right@example.com');
    const wrong = await t.asNewUser();
    const res = await wrong.client.post(`/api/v1/invitations/${token}/accept`);
    assert.equal(res.statusCode, 403);
    assert.equal(
      res.json().message,
      'This invitation was sent to a different email address. Sign in with that address to accept it.',
    );
    // Signing up with the invited address later works.
    const right = await t.asNewUser({ email: 'Right@example.com' });
    assert.equal((await right.client.post(`/api/v1/invitations/${token}/accept`)).statusCode, 200);
  });

  test('links expire after 7 days; an expired invitation can be sent again', async () => {
    const { owner, appId } = await ownedApp();
    const invitee = await t.asNewUser();
    await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: invitee.user.email,
      role: 'developer',
    });
    const token = await invitationToken(t, invitee.user.email);
    t.clock.advance(7 * DAY - 1000);
    assert.equal((await t.client().get(`/api/v1/invitations/${token}`)).json().state, 'pending');
    t.clock.advance(2000);
    assert.equal((await t.client().get(`/api/v1/invitations/${token}`)).json().state, 'expired');
    const res = await invitee.client.post(`/api/v1/invitations/${token}/accept`);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, 'This invitation has expired. Ask for a new one.');
    const listed = (await owner.client.get(`/api/v1/invitations?developer_app_id=${appId}`)).json();
    assert.equal(listed[0].expired, true);

    const again = await owner.client.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: invitee.user.email,
      role: 'admin',
    });
    assert.equal(again.statusCode, 201, again.body);
    const fresh = await invitationToken(t, invitee.user.email);
    assert.notEqual(fresh, token);
    assert.equal((await invitee.client.post(`/api/v1/invitations/${fresh}/accept`)).statusCode, 200);
  });
});

describe('cancelling invitations', () => {
  test('owner or admin cancels a pending invitation; the link stops working and the invitee is told', async () => {
    const { owner, appId } = await ownedApp('Punch List');
    const developer = await joinApp(t, owner.client, appId, 'developer');
    const created = (
      await owner.client.post('/api/v1/invitations', {
        developer_app_id: appId,
        email: 'gone@example.com',
        role: 'admin',
      })
    ).json();
    const token = await invitationToken(t, 'gone@example.com');
    const body = { developer_app_id: appId, invitation: { status: 'canceled' } };

    assert.equal((await developer.client.patch(`/api/v1/invitations/${created.id}`, body)).statusCode, 403);
    const bad = await owner.client.patch(`/api/v1/invitations/${created.id}`, {
      developer_app_id: appId,
      invitation: { status: 'accepted' },
    });
    assert.equal(bad.statusCode, 422);
    assert.equal(
      (await owner.client.patch('/api/v1/invitations/00000000-0000-4000-8000-000000000000', body)).statusCode,
      404,
    );
    assert.equal((await owner.client.patch('/api/v1/invitations/nope', body)).statusCode, 404);

    const res = await owner.client.patch(`/api/v1/invitations/${created.id}`, body);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'canceled');
    assert.deepEqual((await owner.client.get(`/api/v1/invitations?developer_app_id=${appId}`)).json(), []);
    const again = await owner.client.patch(`/api/v1/invitations/${created.id}`, body);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'This invitation is no longer pending');

    const mails = await mailsTo(t, 'gone@example.com');
    assert.deepEqual(
      mails.map((m) => m.subject),
      ['Olivia Owner invited you to collaborate on Punch List', 'Your invitation to Punch List was canceled'],
    );
    const invitee = await t.asNewUser({ email: 'gone@example.com' });
    const accept = await invitee.client.post(`/api/v1/invitations/${token}/accept`);
    assert.equal(accept.statusCode, 409);
    assert.equal(accept.json().message, 'This invitation was canceled');
    // Another app's invitation cannot be canceled through this app.
    const other = await ownedApp();
    const foreign = (
      await other.owner.client.post('/api/v1/invitations', {
        developer_app_id: other.appId,
        email: 'foreign@example.com',
        role: 'admin',
      })
    ).json();
    assert.equal((await owner.client.patch(`/api/v1/invitations/${foreign.id}`, body)).statusCode, 404);
  });
});

describe('roles and removal', () => {
  test('owner and admins change roles of other non-owner collaborators; nobody changes their own or the owner', async () => {
    const { owner, appId } = await ownedApp();
    const admin = await joinApp(t, owner.client, appId, 'admin');
    const developer = await joinApp(t, owner.client, appId, 'developer');
    const list = (await owner.client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).json();
    const idOf = (userId: string) => list.find((c: { user_id: string }) => c.user_id === userId).id;
    const patch = (client: typeof owner.client, id: string, role: string) =>
      client.patch('/api/v1/collaborators', { developer_app_id: appId, collaborators: [{ id, role }] });

    const promoted = await patch(owner.client, idOf(developer.user.id), 'admin');
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal(
      promoted.json().find((c: { user_id: string }) => c.user_id === developer.user.id).role,
      'admin',
    );
    assert.equal((await patch(admin.client, idOf(developer.user.id), 'developer')).statusCode, 200);

    const own = await patch(admin.client, idOf(admin.user.id), 'developer');
    assert.equal(own.statusCode, 403);
    assert.equal(own.json().message, 'You cannot change your own role');
    const ofOwner = await patch(admin.client, idOf(owner.user.id), 'developer');
    assert.equal(ofOwner.statusCode, 403);
    assert.equal(ofOwner.json().message, "The owner's role cannot be changed; transfer ownership instead");
    assert.equal((await patch(owner.client, idOf(admin.user.id), 'owner')).statusCode, 422);
    assert.equal((await patch(developer.client, idOf(admin.user.id), 'developer')).statusCode, 403);
    assert.equal(
      (await patch(owner.client, '00000000-0000-4000-8000-000000000000', 'admin')).statusCode,
      404,
    );

    const roles = (await owner.client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).json();
    assert.deepEqual(
      roles.map((c: { user_id: string; role: string }) => [c.user_id, c.role]),
      [
        [owner.user.id, 'owner'],
        [admin.user.id, 'admin'],
        [developer.user.id, 'developer'],
      ],
    );
  });

  test('owner and admins remove others; nobody removes the owner or themselves; the removed lose access', async () => {
    const { owner, appId } = await ownedApp('Site Diary');
    const admin = await joinApp(t, owner.client, appId, 'admin');
    const developer = await joinApp(t, owner.client, appId, 'developer');
    const other = await joinApp(t, owner.client, appId, 'developer');
    const list = (await owner.client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).json();
    const idOf = (userId: string) => list.find((c: { user_id: string }) => c.user_id === userId).id;
    const remove = (client: typeof owner.client, userId: string) =>
      client.delete(`/api/v1/collaborators/${idOf(userId)}?developer_app_id=${appId}`);

    assert.equal((await remove(developer.client, other.user.id)).statusCode, 403);
    const ownerGone = await remove(admin.client, owner.user.id);
    assert.equal(ownerGone.statusCode, 403);
    assert.equal(ownerGone.json().message, 'The owner cannot be removed; transfer ownership first');
    const self = await remove(admin.client, admin.user.id);
    assert.equal(self.statusCode, 403);
    assert.equal(self.json().message, 'You cannot remove yourself from an app');
    assert.equal((await remove(owner.client, owner.user.id)).statusCode, 403);

    assert.equal((await remove(admin.client, developer.user.id)).statusCode, 204);
    assert.equal((await remove(owner.client, other.user.id)).statusCode, 204);
    assert.equal((await remove(owner.client, other.user.id)).statusCode, 404);
    assert.equal((await developer.client.get(`/api/v1/developer_apps/${appId}`)).statusCode, 404);
    const removedMail = (await mailsTo(t, developer.user.email)).find(
      (m) => m.template === 'collaborators.removed',
    );
    assert.equal(removedMail?.subject, 'You were removed from Site Diary');
  });
});

describe('transferring ownership', () => {
  test('only the owner, only to someone on the app; target becomes owner and former owner admin', async () => {
    const { owner, appId } = await ownedApp('Rebar Planner');
    const admin = await joinApp(t, owner.client, appId, 'admin');
    const developer = await joinApp(t, owner.client, appId, 'developer');
    const list = (await owner.client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).json();
    const idOf = (userId: string) => list.find((c: { user_id: string }) => c.user_id === userId).id;
    const transfer = (client: typeof owner.client, memberId: string) =>
      client.post(`/api/v1/collaborators/${memberId}/transfer_ownership?developer_app_id=${appId}`);

    const byAdmin = await transfer(admin.client, idOf(developer.user.id));
    assert.equal(byAdmin.statusCode, 403);
    assert.equal(byAdmin.json().message, 'Only the owner can transfer ownership');
    const toSelf = await transfer(owner.client, idOf(owner.user.id));
    assert.equal(toSelf.statusCode, 409);
    assert.equal((await transfer(owner.client, '00000000-0000-4000-8000-000000000000')).statusCode, 404);
    const outsider = await ownedApp();
    const outsiderMember = (
      await outsider.owner.client.get(`/api/v1/collaborators?developer_app_id=${outsider.appId}`)
    ).json()[0];
    assert.equal((await transfer(owner.client, outsiderMember.id)).statusCode, 404);

    const res = await transfer(owner.client, idOf(developer.user.id));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().map((c: { user_id: string; role: string }) => [c.user_id, c.role]),
      [
        [developer.user.id, 'owner'],
        [owner.user.id, 'admin'],
        [admin.user.id, 'admin'],
      ],
    );
    const [app] = await t.ctx.db.select().from(developerApps).where(eq(developerApps.id, appId));
    assert.equal(app!.ownerId, developer.user.id);
    const clients = await t.ctx.db
      .select()
      .from(oauthApplications)
      .where(eq(oauthApplications.developerAppId, appId));
    assert.ok(clients.length > 0);
    for (const client of clients) assert.equal(client.ownerId, developer.user.id);
    const owners = await t.ctx.db
      .select()
      .from(developerAppMembers)
      .where(eq(developerAppMembers.developerAppId, appId));
    assert.equal(owners.filter((m) => m.role === 'owner').length, 1);

    const formerView = (
      await owner.client.get(`/api/v1/developer_app_permissions?developer_app_id=${appId}`)
    ).json();
    assert.equal(formerView.canDestroy, false);
    assert.equal(formerView.canEdit, true);
    const newView = (
      await developer.client.get(`/api/v1/developer_app_permissions?developer_app_id=${appId}`)
    ).json();
    assert.equal(newView.canDestroy, true);
    // The former owner can no longer transfer.
    assert.equal((await transfer(owner.client, idOf(admin.user.id))).statusCode, 403);

    for (const person of [developer.user, owner.user]) {
      const mail = (await mailsTo(t, person.email)).find(
        (m) => m.template === 'collaborators.ownership_transferred',
      );
      assert.equal(mail?.subject, 'Ownership of Rebar Planner was transferred');
    }
  });
});

test('the app response lists its collaborators with role, name and e-mail (spec developer-apps §3)', async () => {
  const { client: owner, user: ownerUser } = await t.asNewUser({ name: 'Olive Owner' });
  const created = await owner.post('/api/v1/developer_apps', { internal_name: 'Listed' });
  const appId = created.json().id as string;
  const { user: dev } = await t.asNewUser({ name: 'Dev Member' });
  await addMember(t, appId, dev.id, 'developer');
  const app = (await owner.get(`/api/v1/developer_apps/${appId}`)).json();
  assert.deepEqual(
    app.collaborators.map((c: { role: string; developer: { name: string; email: string } }) => [
      c.role,
      c.developer.name,
      c.developer.email,
    ]),
    [
      ['owner', 'Olive Owner', ownerUser.email],
      ['developer', 'Dev Member', dev.email],
    ],
  );
});
