/** The admin developer app page (spec admin §2): staff read and change any app, deleted ones included. */
import { rm } from 'node:fs/promises';
import type { AdminDeveloperApp, AdminLogoResponse, AdminUpdateDeveloperAppBody } from '@portal/contracts';
import { z } from 'zod';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import {
  type AppForm,
  type DeveloperAppRow,
  findAppForStaff,
  formFieldsError,
  logoColumns,
  presentContacts,
  readStoredLogo,
  settingsColumns,
  storeLogo,
  updateApp,
  userExists,
} from '../apps/index.ts';
import { recordAudit } from '../audit/index.ts';
import { assignOwnerAsStaff } from '../collaborators/index.ts';
import { decideMarketplaceAccess } from '../listings/index.ts';
import { sandboxFor, updateSandboxAsStaff } from '../sandboxes/index.ts';

export const OWNER_NOT_FOUND = 'No developer has that id';
export const LOGO_MISSING_MESSAGE = 'Attach a logo (developer_app[thumbnail]) or set remove_thumbnail';

async function load(ctx: AppContext, appId: string) {
  const found = await findAppForStaff(ctx, appId);
  if (!found) throw notFound('Developer app');
  return found;
}

export async function getAppAsStaff(ctx: AppContext, appId: string): Promise<AdminDeveloperApp> {
  const { app, owner } = await load(ctx, appId);
  return {
    id: app.id,
    internal_name: app.internalName,
    name: app.name,
    uid: app.uid,
    external_procore_owner_id: app.externalProcoreOwnerId,
    owner_id: app.ownerId,
    owner: { id: owner.id, name: owner.name, email: owner.email, procore_id: owner.procoreId },
    production_access: app.productionAccess,
    requested_confidential: app.requestedConfidential,
    redirect_uri: app.redirectUri,
    allowed_cors_domain: app.allowedCorsDomain,
    confidential: app.confidential,
    grant_type: app.grantType,
    legacy: app.legacy,
    connectable: app.connectable,
    marketplace_enabled: app.marketplaceEnabled,
    marketplace_access_requested_at: app.marketplaceAccessRequestedAt?.toISOString() ?? null,
    published_at: app.publishedAt?.toISOString() ?? null,
    thumbnail_url: thumbnailUrl(app),
    contacts: presentContacts(app.id, app.contacts),
    sandbox: await sandboxFor(ctx, app),
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
    deleted_at: app.deletedAt?.toISOString() ?? null,
  };
}

/**
 * PATCH by staff: settings without the published lock, marketplace_enabled, the owner (spec admin §4:
 * chosen in a dialog, applied on save), `deleted_at: null` to undelete, and the sandbox client.
 */
export async function updateAppAsStaff(
  ctx: AppContext,
  actor: SessionUser,
  appId: string,
  { developer_app: body }: AdminUpdateDeveloperAppBody,
): Promise<AdminDeveloperApp> {
  const { app } = await load(ctx, appId);
  const before = audited(await getAppAsStaff(ctx, app.id));
  if (body.owner_id !== undefined && body.owner_id !== app.ownerId) {
    if (!(await userExists(ctx, body.owner_id))) throw fieldError('developer_app.owner_id', OWNER_NOT_FOUND);
    await assignOwnerAsStaff(ctx, app.id, body.owner_id);
  }
  if (body.sandbox_attributes && Object.keys(body.sandbox_attributes).length) {
    if (app.deletedAt) throw new AppError('conflict', 'Undelete the app before editing its sandbox');
    await updateSandboxAsStaff(ctx, app, body.sandbox_attributes);
  }
  // Ticking Marketplace enabled answers a waiting request too: the developer hears of it.
  if (body.marketplace_enabled && !app.marketplaceEnabled && app.marketplaceAccessRequestedAt)
    await decideMarketplaceAccess(ctx, actor, app.id, { approved: true });
  await updateApp(ctx, app.id, {
    ...settingsColumns(body, app),
    ...(body.marketplace_enabled !== undefined ? { marketplaceEnabled: body.marketplace_enabled } : {}),
    ...(body.deleted_at === null ? { deletedAt: null } : {}),
  });
  const saved = await getAppAsStaff(ctx, app.id);
  const after = audited(saved);
  const action =
    before.owner_email !== after.owner_email
      ? 'developer_app.owner_change'
      : before.deleted_at && !after.deleted_at
        ? 'developer_app.undelete'
        : 'developer_app.update';
  await recordAudit(ctx, actor, action, { type: 'developer_app', id: app.id }, before, after);
  return saved;
}

/** Staff read the logo through their own route, so it shows for deleted apps and non-members too. */
const thumbnailUrl = (app: DeveloperAppRow) =>
  app.thumbnailKey ? `/api/v1/admin/developer_apps/${app.id}/thumbnail?v=${app.updatedAt.getTime()}` : null;

const LogoFields = z.object({ remove_thumbnail: z.boolean() }).partial().strict();

/**
 * PUT by staff (spec admin §7): attaches the uploaded logo, checked by content like the developer's, or
 * removes it (`remove_thumbnail`); nothing else. No published lock: staff may change it any time.
 */
export async function changeLogoAsStaff(
  ctx: AppContext,
  actor: SessionUser,
  appId: string,
  form: AppForm,
): Promise<AdminLogoResponse> {
  const storage = ctx.storage;
  let app: DeveloperAppRow;
  let removing: boolean;
  try {
    app = (await load(ctx, appId)).app;
    const fields = LogoFields.safeParse(form.fields);
    if (!fields.success) throw formFieldsError(fields.error);
    removing = fields.data.remove_thumbnail === true && !form.upload;
    if (!form.upload && !removing) throw fieldError('thumbnail', LOGO_MISSING_MESSAGE);
  } catch (error) {
    if (form.upload) await rm(form.upload.tempPath, { force: true });
    throw error;
  }
  const logo = form.upload ? await storeLogo(storage, app.id, form.upload) : null;
  await updateApp(ctx, app.id, logoColumns(logo, removing));
  if (app.thumbnailKey) await storage.delete(app.thumbnailKey).catch(() => {});
  const describe = (image: { type: string; width: number; height: number } | null) =>
    image ? `${image.type} ${image.width}×${image.height}` : null;
  const was = app.thumbnailType
    ? { type: app.thumbnailType, width: app.thumbnailWidth ?? 0, height: app.thumbnailHeight ?? 0 }
    : null;
  // Removing a logo the app does not have changes nothing, so it is not recorded.
  if (logo || was)
    await recordAudit(
      ctx,
      actor,
      logo ? 'developer_app.logo_upload' : 'developer_app.logo_remove',
      { type: 'developer_app', id: app.id },
      { logo: describe(was) },
      { logo: describe(logo) },
    );
  return { ...(await getAppAsStaff(ctx, app.id)), thumbnail_notice: logo?.notice ?? null };
}

export async function readLogoAsStaff(ctx: AppContext, appId: string) {
  return readStoredLogo(ctx, (await load(ctx, appId)).app);
}

/** What the audit log compares before and after a staff edit. */
function audited(app: AdminDeveloperApp): Record<string, unknown> {
  return {
    internal_name: app.internal_name,
    name: app.name,
    redirect_uri: app.redirect_uri,
    allowed_cors_domain: app.allowed_cors_domain,
    legacy: app.legacy,
    connectable: app.connectable,
    marketplace_enabled: app.marketplace_enabled,
    owner_email: app.owner.email,
    deleted_at: app.deleted_at,
    contacts: app.contacts.map((contact) => `${contact.name} <${contact.email}>`),
    sandbox_redirect_uri: app.sandbox?.redirect_uri ?? null,
    sandbox_allowed_cors_domain: app.sandbox?.allowed_cors_domain ?? null,
  };
}
