/** Fixtures for tests: an app made through the API, a member added directly. */
import { developerAppMembers } from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../../test/helpers.ts';

/** Creates an app through the API and returns its body. */
export async function createAppAs(client: TestClient, internalName = 'Field Sync') {
  const res = await client.post('/api/v1/developer_apps', { internal_name: internalName });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; sandbox: { id: string; status: string } | null };
}

/** Adds a collaborator row directly (the Collaborators issue adds the invitation flow). */
export async function addMember(t: TestApp, appId: string, userId: string, role: 'admin' | 'developer') {
  await t.ctx.db.insert(developerAppMembers).values({ developerAppId: appId, userId, role });
}
