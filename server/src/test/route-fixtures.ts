/**
 * The people and resources the route table calls routes with: six people around one real app and a
 * platform service (a bearer token)
 * (members joined through the invitation flow, a live sandbox, a logo), a visible announcement and
 * a pending invitation — built once per test file — plus fresh resources for calls that use one up.
 */
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../config.ts';
import { developerAppMembers, sandboxes } from '../db/schema/index.ts';
import { addMember, createAppAs } from '../features/apps/testing.ts';
import { invitationToken, joinApp } from '../features/collaborators/testing.ts';
import { createClient, createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { multipart, pngBytes } from './uploads.ts';

export const PERSONAS = [
  'anonymous',
  'stranger',
  'developer',
  'appAdmin',
  'owner',
  'platformAdmin',
  'service',
] as const;
/**
 * Who calls: nobody signed in; a signed-in developer not on the app; the app's developer, admin and
 * owner; a platform admin (staff) who is not on the app; a platform service (a valid bearer token,
 * no session).
 */
export type Persona = (typeof PERSONAS)[number];
export type SignedInPersona = Exclude<Persona, 'anonymous' | 'service'>;

type User = { id: string; email: string };

/** An app with the owner, app admin and developer personas on it. */
export type FixtureApp = { id: string; members: Record<'developer' | 'appAdmin', string> };

export type RouteFixtures = Awaited<ReturnType<typeof buildRouteFixtures>>;

/** A test app the fixtures work on: sandboxes are provisioned as soon as their job runs. */
export const createRouteTestApp = (overrides: Partial<Config> = {}) =>
  createTestApp({ sandboxProvisionSeconds: 0, ...overrides });

export async function buildRouteFixtures(t: TestApp) {
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}-${randomBytes(3).toString('hex')}`;

  const owner = await t.asNewUser({ name: 'Olive Owner' });
  const mainApp = await createAppAs(owner.client, 'Route Matrix App');
  const appAdmin = await joinApp(t, owner.client, mainApp.id, 'admin');
  const developer = await joinApp(t, owner.client, mainApp.id, 'developer');
  const stranger = await t.asNewUser({ name: 'Sam Stranger' });
  const platformAdmin = await t.asNewUser({ name: 'Pat Platform', role: 'admin' });
  // An account no persona uses: public calls about an account (sign in, reset, opt out) name it.
  const spare = await t.createUser({ name: 'Spare Account' });
  const users: Record<SignedInPersona, User> = {
    owner: owner.user,
    appAdmin: appAdmin.user,
    developer: developer.user,
    stranger: stranger.user,
    platformAdmin: platformAdmin.user,
  };
  const clients: Record<Persona, TestClient> = {
    anonymous: t.client(),
    owner: owner.client,
    appAdmin: appAdmin.client,
    developer: developer.client,
    stranger: stranger.client,
    platformAdmin: platformAdmin.client,
    service: t.service(),
  };

  const membershipIds = async (appId: string) => {
    const rows = await t.ctx.db
      .select()
      .from(developerAppMembers)
      .where(eq(developerAppMembers.developerAppId, appId));
    const of = (user: User) => rows.find((row) => row.userId === user.id)?.id ?? '';
    return { developer: of(users.developer), appAdmin: of(users.appAdmin) };
  };

  // The main app: a live sandbox (provisioned by its job) and a logo.
  await t.drainJobs();
  const logo = multipart([
    { name: 'thumbnail', filename: 'logo.png', type: 'image/png', data: pngBytes(256, 256) },
  ]);
  const uploaded = await owner.client.request({
    method: 'PUT',
    url: `/api/v1/developer_apps/${mainApp.id}`,
    ...logo,
  });
  expectStatus(uploaded, 200);
  const withContact = expectStatus(
    await owner.client.patch(`/api/v1/developer_apps/${mainApp.id}`, {
      developer_app: { contacts: [{ name: 'Casey Contact', email: 'casey@example.com' }] },
    }),
    200,
  ).json();
  const sandbox = (await owner.client.get(`/api/v1/developer_apps/${mainApp.id}`)).json().sandbox;
  if (sandbox?.status !== 'live') throw new Error(`the main app's sandbox is ${sandbox?.status}`);

  const announcement = expectStatus(
    await platformAdmin.client.post('/api/v1/admin/notifications', {
      title: 'Route matrix announcement',
      summary: 'Visible to every developer',
      body: 'Shown to everyone who is signed in.',
    }),
    201,
  ).json();

  const invitedEmail = `${unique('invited')}@example.com`;
  expectStatus(
    await owner.client.post('/api/v1/invitations', {
      developer_app_id: mainApp.id,
      email: invitedEmail,
      role: 'developer',
    }),
    201,
  );

  const fx = {
    t,
    users,
    clients,
    spare: spare as User,
    unique,
    app: {
      id: mainApp.id,
      members: await membershipIds(mainApp.id),
      sandboxId: sandbox.id as string,
      sandboxOauthId: sandbox.oauth_application_id as string,
      contactId: withContact.contacts[0].id as string,
    },
    announcementId: announcement.id as string,
    invitationToken: await invitationToken(t, invitedEmail),

    /** A copy of the persona's browser: the call cannot change the persona's own cookies. */
    browser(persona: Persona): TestClient {
      if (persona === 'service') return t.service();
      const copy = createClient(t.app);
      for (const [name, value] of clients[persona].cookies) copy.cookies.set(name, value);
      return copy;
    },
    /** A second session of the persona's account (for calls that end a session). */
    async newSession(persona: Persona): Promise<TestClient> {
      if (persona === 'service') return t.service();
      return persona === 'anonymous' ? t.client() : t.asUser(users[persona]);
    },
    /** A new account like the persona's (same platform role), for calls that change the account. */
    async lookalike(persona: Persona): Promise<{ client: TestClient; user: User | null }> {
      if (persona === 'anonymous') return { client: t.client(), user: null };
      if (persona === 'service') return { client: t.service(), user: null };
      return t.asNewUser({ role: persona === 'platformAdmin' ? 'admin' : 'developer' });
    },
    /** A new app owned by the owner persona, with the app admin and developer personas on it. */
    async freshApp(): Promise<FixtureApp> {
      const created = await createAppAs(owner.client, unique('Fresh '));
      await addMember(t, created.id, users.appAdmin.id, 'admin');
      await addMember(t, created.id, users.developer.id, 'developer');
      return { id: created.id, members: await membershipIds(created.id) };
    },
    /** The token of the newest mail link `/<path>?token=` (or `/<path>/<token>`) sent to an address. */
    async mailedToken(email: string, path: string): Promise<string> {
      const [token] = await t.mailedTokens(email, path);
      if (!token) throw new Error(`no /${path} link mailed to ${email}`);
      return token;
    },
    /** Marks an app's sandbox as failed, the state in which the owner may generate a new one. */
    async failSandbox(appId: string) {
      await t.ctx.db.update(sandboxes).set({ status: 'failed' }).where(eq(sandboxes.developerAppId, appId));
    },
  };
  return fx;
}

/**
 * A test file's route fixtures on its route test app: built before its first test (the handle is
 * filled in then, so tests use it, not the module's top level), the app closed after its last.
 */
export function useRouteFixtures(t: TestApp): RouteFixtures {
  const fx = {} as RouteFixtures;
  before(async () => {
    Object.assign(fx, await buildRouteFixtures(t));
  });
  after(() => t.close());
  return fx;
}

function expectStatus(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`fixture call answered ${res.statusCode}: ${res.body}`);
  return res;
}
