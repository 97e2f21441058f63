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

  const fieldSync = appId('Field Sync');
  if (fieldSync) {
    const first = await createVersion(ctx, developer, {
      appId: fieldSync,
      environmentType: 'Sandbox',
      content: EXAMPLE_MANIFEST_3,
      semanticVersion: semantic('0.1.0'),
      fieldPrefix: '',
    });
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
    await createVersion(ctx, developer, {
      appId: fieldSync,
      environmentType: 'Sandbox',
      content: next,
      semanticVersion: semantic('0.2.0'),
      fieldPrefix: '',
    });
  }

  const punchList = appId('Punch List Importer');
  if (punchList) {
    const version = await createVersion(ctx, developer, {
      appId: punchList,
      environmentType: 'Production',
      content: EXAMPLE_MANIFEST_4_1,
      semanticVersion: semantic('1.0.0'),
      fieldPrefix: '',
    });
    await changeReviewState(
      ctx,
      developer,
      version.id,
      { state: 'in_review', notes: 'Imports punch lists from spreadsheets.' },
      'developer',
    );
  }
}
