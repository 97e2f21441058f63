import { rm } from 'node:fs/promises';
import {
  type CreateDeveloperAppBody,
  type DeveloperAppPermissions,
  type DeveloperAppSummary,
  type DeveloperAppsQuery,
  UpdateDeveloperAppBody,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type AppAccess, loadAppAccess, requirePermission } from './app-access.ts';
import { assignContactIds } from './apps.contacts.ts';
import { type AppForm, formFieldsError } from './apps.form.ts';
import {
  type DeveloperAppRow,
  insertAppWithOwner,
  listAppsForUser,
  updateApp as updateAppRow,
} from './apps.repo.ts';
import { logoColumns, storeLogo } from './logo.ts';
import { loadTerms } from './terms.ts';

/** Fields a published app keeps as listed; changes go through support. */
export const PUBLISHED_LOCKED_FIELDS = ['name', 'internal_name', 'thumbnail', 'remove_thumbnail'] as const;
export const PUBLISHED_MESSAGE = 'This is a published integration so some fields have been disabled.';

/** Creates the app with its owner membership and records the accepted terms. */
export async function createAppRow(ctx: AppContext, user: SessionUser, body: CreateDeveloperAppBody) {
  const terms = loadTerms(ctx.config);
  const now = ctx.clock.now();
  return insertAppWithOwner(ctx, {
    internalName: body.internal_name,
    ownerId: user.id,
    externalProcoreOwnerId: user.procoreId,
    termsAcceptedAt: now,
    termsVersion: terms.version,
    createdAt: now,
    updatedAt: now,
  });
}

/** One page of My Apps. */
export async function listApps(ctx: AppContext, user: SessionUser, query: DeveloperAppsQuery) {
  const page = await listAppsForUser(ctx, user.id, { ...query, search: query['filters[search]'] });
  return { ...page, rows: page.rows.map(toSummary) };
}

function toSummary({
  app,
  role,
  sandboxStatus,
}: Awaited<ReturnType<typeof listAppsForUser>>['rows'][number]) {
  return {
    id: app.id,
    name: app.name,
    internal_name: app.internalName,
    role,
    sandbox_status: sandboxStatus,
    published: app.publishedAt !== null,
    production_access: app.productionAccess,
    thumbnail_url: thumbnailUrl(app),
    created_at: app.createdAt.toISOString(),
  } satisfies DeveloperAppSummary;
}

/** Which settings fields the caller may change: role first, then the published lock. */
export function fieldPermissions(access: AppAccess): Record<string, boolean> {
  const fields = Object.keys(UpdateDeveloperAppBody.shape).concat('thumbnail');
  const published = access.app.publishedAt !== null;
  return Object.fromEntries(
    fields.map((field) => [
      field,
      access.permissions.canEdit &&
        !(published && (PUBLISHED_LOCKED_FIELDS as readonly string[]).includes(field)),
    ]),
  );
}

export async function getPermissions(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
): Promise<DeveloperAppPermissions> {
  const access = await loadAppAccess(ctx, user, appId);
  return { ...access.permissions, appFieldPermissions: fieldPermissions(access) };
}

/**
 * PATCH/PUT: validates like the web form, refuses fields the caller may not edit (403 naming them).
 * Answers the caller's access with the saved row, and the notice about a small logo.
 */
export async function updateAppSettings(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  form: AppForm,
): Promise<{ access: AppAccess; notice: string | null }> {
  const storage = ctx.storage;
  const discardUpload = () => form.upload && rm(form.upload.tempPath, { force: true });
  let access: AppAccess;
  try {
    access = await loadAppAccess(ctx, user, appId);
    const allowed = fieldPermissions(access);
    const touched = Object.keys(form.fields).concat(form.upload ? ['thumbnail'] : []);
    const refused = touched.filter((field) => field in allowed && !allowed[field]);
    if (refused.length) {
      const reason = access.permissions.canEdit ? PUBLISHED_MESSAGE : 'You do not have permission to edit';
      throw new AppError('forbidden', `${reason} (${refused.join(', ')})`, {
        errors: [`${reason} (${refused.join(', ')})`],
        fields: Object.fromEntries(refused.map((field) => [field, [reason]])),
      });
    }
  } catch (error) {
    await discardUpload();
    throw error;
  }
  const parsed = UpdateDeveloperAppBody.safeParse(form.fields);
  if (!parsed.success) {
    await discardUpload();
    throw formFieldsError(parsed.error);
  }
  const body = parsed.data;
  const logo = form.upload ? await storeLogo(storage, appId, form.upload) : null;
  const previousKey = access.app.thumbnailKey;
  const removing = body.remove_thumbnail === true && !logo;
  const row = await updateAppRow(ctx, appId, {
    ...settingsColumns(body, access.app),
    ...logoColumns(logo, removing),
  });
  if (previousKey && (logo || removing)) await storage.delete(previousKey).catch(() => {});
  return { access: { ...access, app: row }, notice: logo?.notice ?? null };
}

type SettingsFields = Pick<
  UpdateDeveloperAppBody,
  'internal_name' | 'name' | 'redirect_uri' | 'allowed_cors_domain' | 'legacy' | 'connectable' | 'contacts'
>;

/** The app's columns a settings body changes (only what it names), as the developer's and staff's saves write them. */
export function settingsColumns(body: SettingsFields, app: Pick<DeveloperAppRow, 'contacts'>) {
  return {
    ...(body.internal_name !== undefined ? { internalName: body.internal_name } : {}),
    ...(body.name !== undefined ? { name: body.name || null } : {}),
    ...(body.redirect_uri !== undefined ? { redirectUri: body.redirect_uri.trim() } : {}),
    ...(body.allowed_cors_domain !== undefined ? { allowedCorsDomain: body.allowed_cors_domain.trim() } : {}),
    ...(body.legacy !== undefined ? { legacy: body.legacy } : {}),
    ...(body.connectable !== undefined ? { connectable: body.connectable } : {}),
    ...(body.contacts !== undefined ? { contacts: assignContactIds(app.contacts, body.contacts) } : {}),
  };
}

/** Owner only; the app disappears for everyone (soft delete). */
export async function deleteApp(ctx: AppContext, user: SessionUser, appId: string): Promise<void> {
  const access = await loadAppAccess(ctx, user, appId);
  requirePermission(access, 'canDestroy', 'delete this app');
  await updateAppRow(ctx, appId, { deletedAt: ctx.clock.now() });
}

export async function readThumbnail(ctx: AppContext, user: SessionUser, appId: string) {
  const { app } = await loadAppAccess(ctx, user, appId);
  return readStoredLogo(ctx, app);
}

/** The app's stored logo with its checked type, or 404. */
export async function readStoredLogo(ctx: AppContext, app: DeveloperAppRow) {
  if (!app.thumbnailKey) throw notFound('Logo');
  const file = await ctx.storage.read(app.thumbnailKey);
  if (!file) throw notFound('Logo');
  return { ...file, type: app.thumbnailType ?? 'application/octet-stream', key: app.thumbnailKey };
}

/** The logo's address; the version changes with the app, so a new logo is never a cached old one. */
export const thumbnailUrl = (app: Pick<DeveloperAppRow, 'id' | 'thumbnailKey' | 'updatedAt'>) =>
  app.thumbnailKey ? `/api/v1/developer_apps/${app.id}/thumbnail?v=${app.updatedAt.getTime()}` : null;
