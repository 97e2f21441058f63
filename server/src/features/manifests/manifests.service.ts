import {
  type AppVersionPromotionBody,
  type ConfiguredManifestContent,
  compareManifestVersions,
  compareSemanticVersions,
  contentViolationsSummary,
  type EnvironmentType,
  type JsonObject,
  MANIFEST_MESSAGES,
  type Manifest,
  type ManifestsQuery,
  type ManifestValidationResult,
  type ManifestViolation,
  nextSemanticVersion,
  versionLabel,
} from '@portal/contracts';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { configuredToContent, isAuthCodeCapable, prepareContent } from './manifest-content.ts';
import { validateManifest } from './manifest-validation.ts';
import {
  loadManifestAccess,
  loadVersionToChange,
  requirePrecondition,
  toEnvironment,
  toManifest,
  versionRef,
} from './manifests.access.ts';
import * as repo from './manifests.repo.ts';

/** One app's versions (one environment or both), with the list headers' numbers. */
export async function listManifests(ctx: AppContext, user: SessionUser, query: ManifestsQuery) {
  const { app } = await loadManifestAccess(ctx, user, query['filters[developer_app_id]'], 'view');
  const type = query['filters[versionable_type]'];
  const page = await repo.pageVersions(
    ctx,
    app.id,
    { environment: type ? toEnvironment(type) : undefined, state: query['filters[state]'] },
    query,
  );
  const facts = await repo.appFacts(ctx, app.id);
  return { ...page, rows: page.rows.map((row) => toManifest(row.version, row.creatorName, facts)) };
}

/** One version, to anyone who may see its app's manifests. */
export async function getManifest(ctx: AppContext, user: SessionUser, id: string): Promise<Manifest> {
  const row = await repo.findVersionWithCreator(ctx, id);
  if (!row) throw notFound('App version');
  await loadManifestAccess(ctx, user, row.version.developerAppId, 'view', 'App version');
  return toManifest(row.version, row.creatorName, await repo.appFacts(ctx, row.version.developerAppId));
}

/** A production version of the app, or null: what a marketplace listing may name as its version. */
export async function productionVersion(ctx: AppContext, appId: string, id: string) {
  const row = await repo.findVersion(ctx, id);
  if (row?.developerAppId !== appId || row.environment !== 'production') return null;
  return { id: row.id, version: row.version, semanticVersion: row.semanticVersion, state: row.state };
}

export async function validate(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  content: JsonObject,
): Promise<ManifestValidationResult> {
  await loadManifestAccess(ctx, user, appId, 'view');
  return { errors: validateManifest(content) };
}

/** 422 listing every violation at the content's field; one violation is the message itself. */
function contentViolations(violations: ManifestViolation[], field: string): AppError {
  const lines = violations.map((v) => `${v.pointer || '/'}: ${v.message}`);
  const message = lines.length === 1 ? lines[0]! : contentViolationsSummary(lines.length);
  return new AppError('validation_failed', message, { errors: lines, fields: { [field]: lines } });
}

/**
 * The new version's semantic version when they are on: given (or, for a form-based create, the
 * suggestion), major.minor.patch, and above every version the app has — the published one included.
 */
async function resolveSemanticVersion(
  ctx: AppContext,
  tx: Tx,
  appId: string,
  given: string | null | undefined,
  options: { field: string; assign: boolean },
): Promise<string | null> {
  if (!ctx.config.semanticVersions) return null;
  const existing = await repo.semanticVersions(tx, appId);
  const highest = (rows: typeof existing) =>
    rows
      .map((row) => row.semanticVersion)
      .sort(compareSemanticVersions)
      .at(-1) ?? null;
  const latest = highest(existing);
  const published = highest(existing.filter((row) => row.state === 'published'));
  const value = given?.trim() || null;
  if (!value) {
    if (options.assign) return nextSemanticVersion(latest, published);
    throw fieldError(options.field, MANIFEST_MESSAGES.semanticVersionRequired);
  }
  if (published && compareSemanticVersions(value, published) <= 0)
    throw fieldError(
      options.field,
      `Semantic version must be greater than ${published}, the published version`,
    );
  if (latest && compareSemanticVersions(value, latest) <= 0)
    throw fieldError(
      options.field,
      `Semantic version must be greater than ${latest}, the app's latest version`,
    );
  return value;
}

export type CreateVersionInput = {
  appId: string;
  environmentType: EnvironmentType;
  semanticVersion?: string | null | undefined;
  /** Where the body carries these (`app_version.` for POST /app_versions), for field errors. */
  fieldPrefix: string;
} & (
  | { content: JsonObject; configured?: undefined }
  | { content?: undefined; configured: ConfiguredManifestContent }
);

/**
 * Creates a version at the head of its environment's list (spec developer-apps §4 "Creating and promoting").
 */
export async function createVersion(ctx: AppContext, user: SessionUser, input: CreateVersionInput) {
  const { app, role } = await loadManifestAccess(ctx, user, input.appId, 'create');
  const environment = toEnvironment(input.environmentType);
  await requirePrecondition(ctx, app, environment);
  const configured = input.configured ?? null;
  const raw = configured ? configuredToContent(configured) : input.content!;
  const violations = validateManifest(raw);
  const contentField = configured ? 'configured_manifest_content' : 'manifest.content';
  if (violations.length) throw contentViolations(violations, `${input.fieldPrefix}${contentField}`);
  const row = await repo.withAppManifestLock(ctx, app.id, async (tx, appManifestId) => {
    const semanticVersion = await resolveSemanticVersion(ctx, tx, app.id, input.semanticVersion, {
      field: `${input.fieldPrefix}semantic_version`,
      assign: Boolean(configured),
    });
    const previous = configured ? await repo.newestVersion(tx, app.id, {}) : null;
    const content = prepareContent(
      raw,
      { manifestId: appManifestId, name: app.name ?? app.internalName },
      previous?.content as JsonObject | undefined,
    );
    const now = ctx.clock.now();
    return repo.insertVersion(tx, {
      developerAppId: app.id,
      appManifestId,
      environment,
      version: await repo.nextVersionNumber(tx, app.id),
      semanticVersion,
      schemaVersion: String(content.schema_version),
      content,
      configuredContent: configured,
      authCodeCapable: isAuthCodeCapable(raw, configured),
      createdById: user.id,
      createdAt: now,
      updatedAt: now,
    });
  });
  if (!role) await auditStaffWrite(ctx, user, 'create', row);
  return getManifest(ctx, user, row.id);
}

/**
 * Copies a sandbox version to production (same number and semantic version, a new App Version
 * Key), at the head of the production list and ready to submit. `admin` is the staff call: no
 * membership needed, release notes optional.
 */
export async function promote(
  ctx: AppContext,
  user: SessionUser,
  body: AppVersionPromotionBody['app_version_promotion'],
  actor: 'developer' | 'admin',
): Promise<Manifest> {
  const { version: source, app } = await loadVersionToChange(ctx, user, body.source_app_version_id, actor);
  if (source.environment !== 'sandbox')
    throw new AppError('conflict', 'Only sandbox versions can be promoted to production');
  await requirePrecondition(ctx, app, 'production');
  const changelog = body.changelog?.trim() || null;
  if (ctx.config.semanticVersions && actor === 'developer' && !changelog)
    throw fieldError('app_version_promotion.changelog', MANIFEST_MESSAGES.releaseNotesRequired);
  const row = await repo.withAppManifestLock(ctx, app.id, async (tx, appManifestId) => {
    if (await repo.findByNumber(tx, app.id, 'production', source.version))
      throw new AppError('conflict', 'This version has already been promoted to production');
    const newest = await repo.newestVersion(tx, app.id, { environment: 'production' });
    if (newest && !(compareManifestVersions(versionRef(source), versionRef(newest)) > 0))
      throw new AppError(
        'conflict',
        `Only a sandbox version newer than the newest production version (${versionLabel(versionRef(newest))}) can be promoted`,
      );
    const now = ctx.clock.now();
    return repo.insertVersion(tx, {
      developerAppId: app.id,
      appManifestId,
      environment: 'production',
      version: source.version,
      semanticVersion: source.semanticVersion,
      schemaVersion: source.schemaVersion,
      content: prepareContent(source.content, {
        manifestId: appManifestId,
        name: app.name ?? app.internalName,
      }),
      configuredContent: source.configuredContent,
      authCodeCapable: source.authCodeCapable,
      changelog,
      sourceAppVersionId: source.id,
      createdById: user.id,
      createdAt: now,
      updatedAt: now,
    });
  });
  if (actor === 'admin') await auditStaffWrite(ctx, user, 'promote', row);
  const created = await repo.findVersionWithCreator(ctx, row.id);
  return toManifest(created!.version, created!.creatorName, await repo.appFacts(ctx, app.id));
}

/**
 * A version staff made on an app they are not on goes on the app's audit history beside their
 * review decisions: the field names the environment and version; release notes, when there are any.
 */
async function auditStaffWrite(
  ctx: AppContext,
  user: SessionUser,
  action: 'create' | 'promote',
  row: repo.AppVersionRow,
) {
  const field = `${row.environment} manifest ${versionLabel(versionRef(row))}`;
  const notes = row.changelog ? { release_notes: row.changelog } : {};
  await recordAudit(
    ctx,
    user,
    `developer_app.manifest_${action}`,
    { type: 'developer_app', id: row.developerAppId },
    { [field]: null },
    { [field]: row.state, ...notes },
  );
}

export type ManifestPermission = { scope: 'company' | 'project'; tool: string; level: string };

/**
 * The permissions the app's newest version in an environment asks for (schema 4.1 `permissions
 * {company, project}`; schema 3 the same shape), for the OAuth consent page.
 */
export async function currentPermissions(
  ctx: AppContext,
  appId: string,
  environment: 'sandbox' | 'production',
): Promise<ManifestPermission[]> {
  const version = await repo.newestVersion(ctx.db as unknown as Tx, appId, { environment });
  const permissions = (version?.content as { permissions?: unknown } | undefined)?.permissions;
  if (!permissions || typeof permissions !== 'object') return [];
  const list: ManifestPermission[] = [];
  for (const scope of ['company', 'project'] as const) {
    const tools = (permissions as Record<string, unknown>)[scope];
    if (!tools || typeof tools !== 'object') continue;
    for (const [tool, level] of Object.entries(tools as Record<string, unknown>)) {
      if (typeof level === 'string' && level !== 'none') list.push({ scope, tool, level });
    }
  }
  return list;
}
