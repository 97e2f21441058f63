/** Who may do what with an app's manifests, the create preconditions, and a version as the API shows it. */
import {
  compareManifestVersions,
  type EnvironmentType,
  MANIFEST_MESSAGES,
  type Manifest,
  roleAllows,
  type VersionRef,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { type DeveloperAppRow, findApp, findAppWithRole, type MemberRole } from '../apps/index.ts';
import { hasLiveSandbox } from '../sandboxes/index.ts';
import { type AppFacts, type AppVersionRow, type Environment, findVersion } from './manifests.repo.ts';

export const MODIFY_DENIED = 'You do not have permission to create, modify or publish manifests';

export type ManifestAccess = { app: DeveloperAppRow; role: MemberRole | null };

/**
 * The app, if the caller may: `view` (everyone on the app; platform admins for any app, to review
 * it), `create` (owner and app admins; platform admins, from the admin app page) or `modify`
 * (submit, withdraw, promote: owner and app admins). Someone who may not see the app gets 404
 * naming `what` they asked for; someone on it without the right gets 403.
 */
export async function loadManifestAccess(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  need: 'view' | 'create' | 'modify',
  what = 'Developer app',
): Promise<ManifestAccess> {
  const row = await findAppWithRole(ctx, appId, user.id);
  const staff = user.role === 'admin' && need !== 'modify';
  if (!row || (!row.role && !staff)) throw notFound(what);
  if (need !== 'view' && !staff && !roleAllows(row.role, 'modifyManifests')) throw forbidden(MODIFY_DENIED);
  return { app: row.app, role: row.role };
}

/**
 * A version and its live app, for a change by `actor`: the app's owner and admins (`modify`), or
 * staff on any app. An unknown version, or one the caller may not see, is 404.
 */
export async function loadVersionToChange(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  actor: 'developer' | 'admin',
): Promise<{ version: AppVersionRow; app: DeveloperAppRow }> {
  const version = await findVersion(ctx, id);
  if (!version) throw notFound('App version');
  const app =
    actor === 'admin'
      ? await findApp(ctx, version.developerAppId)
      : (await loadManifestAccess(ctx, user, version.developerAppId, 'modify', 'App version')).app;
  if (!app) throw notFound('App version');
  return { version, app };
}

export const toEnvironment = (type: EnvironmentType): Environment =>
  type === 'Sandbox' ? 'sandbox' : 'production';

/**
 * Spec developer-apps §8: production versions need production credentials requested, sandbox ones a live
 * sandbox.
 */
export async function requirePrecondition(ctx: AppContext, app: DeveloperAppRow, environment: Environment) {
  if (environment === 'production') {
    if (app.productionAccess === 'none')
      throw new AppError('conflict', MANIFEST_MESSAGES.productionCredentialsRequired);
    return;
  }
  if (!(await hasLiveSandbox(ctx, app.id))) throw new AppError('conflict', MANIFEST_MESSAGES.sandboxRequired);
}

export const versionRef = (row: AppVersionRow): VersionRef => ({
  version: row.version,
  semantic_version: row.semanticVersion,
});

const isNewer = (row: AppVersionRow, than: AppVersionRow | null) =>
  !than || compareManifestVersions(versionRef(row), versionRef(than)) > 0;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A version as every manifest call answers it; the flags come from the app's other versions. */
export function toManifest(row: AppVersionRow, creatorName: string | null, facts: AppFacts): Manifest {
  const sandbox = row.environment === 'sandbox';
  return {
    id: row.id,
    app_version_id: row.id,
    developer_app_id: row.developerAppId,
    app_manifest_id: row.appManifestId,
    environment: sandbox ? 'Sandbox' : 'Production',
    version: row.version,
    semantic_version: row.semanticVersion,
    schema_version: row.schemaVersion,
    state: row.state,
    submittable: !sandbox && row.state === 'confidential' && !facts.inReview && isNewer(row, facts.published),
    promotable: sandbox && isNewer(row, facts.newestProduction),
    published_to_marketplace: facts.published?.id === row.id,
    app_version_key: row.appVersionKey,
    content: row.content,
    configured_manifest_content: row.configuredContent ?? null,
    changelog: row.changelog,
    developer_notes: row.developerNotes,
    admin_notes: row.adminNotes,
    source_app_version_id: row.sourceAppVersionId,
    auth_code_capable: row.authCodeCapable,
    auth_code_locked: facts.authCodeLocked,
    created_by: creatorName ? { name: creatorName } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: iso(row.submittedAt),
    reviewed_at: iso(row.reviewedAt),
  };
}
