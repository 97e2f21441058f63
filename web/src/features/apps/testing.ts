import type { DeveloperApp, DeveloperAppPermissions, SandboxOauthApp } from '@portal/contracts';
import { HttpResponse, http } from 'msw';
import { configHandler, developer, runtimeConfig, server } from '../../test/server.ts';

/** The app and flags the apps feature's tests start from (the owner's view). */
export const app: DeveloperApp = {
  id: 'a1',
  name: null,
  internal_name: 'Field Sync',
  uid: null,
  production_access: 'none',
  requested_confidential: null,
  redirect_uri: '',
  confidential: true,
  grant_type: 'authorization_code',
  allowed_cors_domain: '',
  legacy: false,
  connectable: false,
  thumbnail_url: null,
  published_at: null,
  listing_name: null,
  marketplace_enabled: false,
  marketplace_access_requested_at: null,
  contacts: [],
  owner: { id: 'u-dev', name: 'Dana Developer', email: 'developer@example.com' },
  collaborators: [
    { id: 'm-1', role: 'owner', developer: { name: 'Dana Developer', email: 'developer@example.com' } },
  ],
  external_procore_owner_id: 1000002,
  role: 'owner',
  sandbox: null,
  credentials: null,
  generate_fake_sandbox_path: null,
  terms_accepted_at: '2026-01-01T00:00:00Z',
  has_metrics: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/** A sandbox that is ready: live, with its credentials. */
export const liveSandbox: SandboxOauthApp = {
  id: 's1',
  status: 'live',
  company_id: 42,
  url: 'https://sandbox.example.com/42',
  app_id: 'sandbox-client',
  oauth_application_id: 'o-s1',
  secret_masked: 'sand••••••••1234',
  redirect_uri: '',
  confidential: true,
  grant_type: 'authorization_code',
  allowed_cors_domain: '',
  procore_app_id: 'p-1',
  failure_message: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

export const ownerFlags: DeveloperAppPermissions = {
  canEdit: true,
  canModifyCredentials: true,
  canModifyManifests: true,
  canViewClientCredentials: true,
  canSetSemanticVersions: true,
  canCreateSandboxManifests: true,
  canGenerateFakeSandbox: false,
  canSubmitMarketplaceApp: true,
  canDestroy: true,
  canGenerateSandbox: true,
  isPlatformEmployee: false,
  appFieldPermissions: {
    name: true,
    internal_name: true,
    redirect_uri: true,
    allowed_cors_domain: true,
    legacy: true,
    connectable: true,
    contacts: true,
    remove_thumbnail: true,
    thumbnail: true,
  },
};

export function signedIn(data: DeveloperApp = app, flags: DeveloperAppPermissions = ownerFlags) {
  server.use(
    configHandler(runtimeConfig({ user: developer })),
    http.get('/api/v1/developer_apps/a1', () => HttpResponse.json(data)),
    http.get('/api/v1/developer_app_permissions', () => HttpResponse.json(flags)),
  );
}
