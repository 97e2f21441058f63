import type { TestApp, TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { joinApp } from '../collaborators/testing.ts';
import { EXAMPLE_MANIFEST_3 } from './manifest-examples.ts';

/**
 * An app where manifests can be created in both environments: its sandbox is live (the test app
 * must provision at once: `sandboxProvisionSeconds: 0`) and production credentials are requested.
 */
export async function manifestApp(t: TestApp, owner?: TestClient, options: { production?: boolean } = {}) {
  const client = owner ?? (await t.asNewUser({ name: 'Olive Owner' })).client;
  const app = await createAppAs(client, `Manifest App ${Math.random().toString(36).slice(2, 8)}`);
  await t.drainJobs();
  if (options.production !== false) {
    const res = await client.post(`/api/v1/developer_apps/${app.id}/production_access`, {
      confidential: true,
    });
    if (res.statusCode !== 200) throw new Error(`production request failed: ${res.body}`);
  }
  return { id: app.id, owner: client };
}

/** The app with an app admin and a developer joined through invitations. */
export async function manifestTeam(t: TestApp) {
  const app = await manifestApp(t);
  const appAdmin = await joinApp(t, app.owner, app.id, 'admin');
  const developer = await joinApp(t, app.owner, app.id, 'developer');
  return { ...app, appAdmin, developer };
}

export const versionBody = (
  appId: string,
  environment: 'Sandbox' | 'Production' | 'ProductionEnvironment',
  semanticVersion: string | null,
  content: object = EXAMPLE_MANIFEST_3,
) => ({
  app_version: {
    developer_app_id: appId,
    environment_type: environment,
    manifest: { content },
    semantic_version: semanticVersion,
  },
});

/** Creates a version through the API and returns it (throws unless 201). */
export async function createVersion(
  client: TestClient,
  appId: string,
  environment: 'Sandbox' | 'Production',
  semanticVersion: string | null,
  content: object = EXAMPLE_MANIFEST_3,
) {
  const res = await client.post(
    '/api/v1/app_versions',
    versionBody(appId, environment, semanticVersion, content),
  );
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; version: number; semantic_version: string | null; state: string };
}

/** Promotes a sandbox version through the API and returns the production version. */
export async function promoteVersion(client: TestClient, sourceId: string, changelog = 'Release notes') {
  const res = await client.post('/api/v1/app_version_promotions', {
    app_version_promotion: { source_app_version_id: sourceId, changelog },
  });
  if (res.statusCode !== 201) throw new Error(`promote failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; version: number; state: string };
}
