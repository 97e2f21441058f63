import { listApps } from '../features/apps/index.ts';
import {
  changeReviewState,
  createVersion,
  EXAMPLE_MANIFEST_3,
  EXAMPLE_MANIFEST_4_1,
  promote,
} from '../features/manifests/index.ts';
import type { AppContext } from '../platform/context.ts';
import { sessionUser } from './apps.seed.ts';

/**
 * Manifest versions for the demo apps (after seedDeveloperApps), through the real services:
 * Field Sync has an approved production version and a newer sandbox one (Ready for Testing);
 * Punch List Importer has a production version waiting in the review queue.
 */
export async function seedManifests(
  ctx: AppContext,
  demo: { admin: { id: string }; developer: { id: string } },
): Promise<void> {
  const [developer, admin] = await Promise.all([
    sessionUser(ctx, demo.developer.id),
    sessionUser(ctx, demo.admin.id),
  ]);
  const apps = (await listApps(ctx, developer, { page: 1, per_page: 25 })).rows;
  const appId = (name: string) => apps.find((app) => app.internal_name === name)?.id;
  const semantic = (version: string) => (ctx.config.semanticVersions ? version : null);
  /** A version of the app by the demo developer, its semantic version where the portal uses them. */
  const newVersion = (
    appId: string,
    environmentType: 'Sandbox' | 'Production',
    content: Record<string, unknown>,
    version: string,
  ) =>
    createVersion(ctx, developer, {
      appId,
      environmentType,
      content,
      semanticVersion: semantic(version),
      fieldPrefix: '',
    });

  const fieldSync = appId('Field Sync');
  if (fieldSync) {
    const first = await newVersion(fieldSync, 'Sandbox', EXAMPLE_MANIFEST_3, '0.1.0');
    const production = await promote(
      ctx,
      developer,
      {
        source_app_version_id: first.id,
        changelog: 'First release: the company dashboard and the RFI side panel.',
      },
      'developer',
    );
    await changeReviewState(
      ctx,
      developer,
      production.id,
      { state: 'in_review', notes: 'Our first version; the setup guide explains the region parameter.' },
      'developer',
    );
    await changeReviewState(
      ctx,
      admin,
      production.id,
      { state: 'published', notes: 'Approved. Thank you for the clear setup guide.' },
      'admin',
    );
    const next = structuredClone(EXAMPLE_MANIFEST_3);
    next.permissions.project = {
      ...next.permissions.project,
      observations: 'readonly',
    } as typeof next.permissions.project;
    await newVersion(fieldSync, 'Sandbox', next, '0.2.0');
  }

  const punchList = appId('Punch List Importer');
  if (punchList) {
    const version = await newVersion(punchList, 'Production', EXAMPLE_MANIFEST_4_1, '1.0.0');
    await changeReviewState(
      ctx,
      developer,
      version.id,
      { state: 'in_review', notes: 'Imports punch lists from spreadsheets.' },
      'developer',
    );
  }
}
