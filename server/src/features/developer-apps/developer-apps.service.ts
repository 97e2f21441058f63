/**
 * The developer app as one page shows it (spec developer-apps §3): the app's settings from the apps floor
 * with what the features above it add: its people, its sandbox, its production credentials, whether it has
 * metrics. Creating an app also asks for its sandbox.
 */
import {
  appPermissions,
  type CreateDeveloperAppBody,
  type DeveloperApp,
  type UpdateDeveloperAppResponse,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  type AppAccess,
  type AppForm,
  type AppOwner,
  createAppRow,
  deleteApp,
  findOwner,
  loadAppAccessAndOwner,
  presentContacts,
  thumbnailUrl,
  updateAppSettings,
} from '../apps/index.ts';
import { appMembers } from '../collaborators/index.ts';
import { productionCredentialsFor, revokeAppGrants } from '../credentials/index.ts';
import { liveListingName } from '../listings/index.ts';
import { hasMetrics } from '../metrics/index.ts';
import { requestSandbox, sandboxFor } from '../sandboxes/index.ts';

/** Creates the app with its owner membership, records the accepted terms and queues the sandbox. */
export async function createApp(ctx: AppContext, user: SessionUser, body: CreateDeveloperAppBody) {
  const app = await createAppRow(ctx, user, body);
  await requestSandbox(ctx, app.id);
  return presentApp(ctx, { app, role: 'owner', permissions: appPermissions('owner', user) });
}

export async function getApp(ctx: AppContext, user: SessionUser, appId: string): Promise<DeveloperApp> {
  const access = await loadAppAccessAndOwner(ctx, user, appId);
  return presentApp(ctx, access, access.owner);
}

/** PATCH/PUT: the settings change (apps), answered as the single app with the logo's notice. */
export async function updateApp(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  form: AppForm,
): Promise<UpdateDeveloperAppResponse> {
  const { access, notice } = await updateAppSettings(ctx, user, appId, form);
  return { ...(await presentApp(ctx, access)), thumbnail_notice: notice };
}

/**
 * The single app as its people see it: settings, people, sandbox, credentials, metrics. `known`: the
 * owner when the caller read it with the access (getApp), so it is not read again.
 */
async function presentApp(ctx: AppContext, access: AppAccess, known?: AppOwner): Promise<DeveloperApp> {
  const { app, role, permissions } = access;
  const [owner, collaborators, sandbox, credentials, metricsData, listingName] = await Promise.all([
    known ?? findOwner(ctx, app.ownerId),
    appMembers(ctx, app.id),
    ctx.config.fedramp ? null : sandboxFor(ctx, app),
    permissions.canViewClientCredentials ? productionCredentialsFor(ctx, app) : null,
    hasMetrics(ctx, app.id),
    liveListingName(ctx, app.id),
  ]);
  return {
    id: app.id,
    name: app.name,
    internal_name: app.internalName,
    uid: app.uid,
    production_access: app.productionAccess,
    requested_confidential: app.requestedConfidential,
    redirect_uri: app.redirectUri,
    confidential: app.confidential,
    grant_type: app.grantType,
    allowed_cors_domain: app.allowedCorsDomain,
    legacy: app.legacy,
    connectable: app.connectable,
    thumbnail_url: thumbnailUrl(app),
    published_at: app.publishedAt?.toISOString() ?? null,
    listing_name: listingName,
    marketplace_enabled: app.marketplaceEnabled,
    marketplace_access_requested_at: app.marketplaceAccessRequestedAt?.toISOString() ?? null,
    contacts: presentContacts(app.id, app.contacts),
    owner,
    collaborators,
    external_procore_owner_id: app.externalProcoreOwnerId,
    role,
    sandbox,
    credentials,
    generate_fake_sandbox_path: permissions.canGenerateFakeSandbox
      ? `/api/v1/developer_apps/${app.id}/sandbox/generate_fake`
      : null,
    terms_accepted_at: app.termsAcceptedAt?.toISOString() ?? null,
    has_metrics: metricsData,
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

/** Deletes the app (owner only); every grant and token its OAuth clients hold is revoked with it. */
export async function deleteDeveloperApp(ctx: AppContext, user: SessionUser, appId: string) {
  await deleteApp(ctx, user, appId);
  await revokeAppGrants(ctx, appId);
}
