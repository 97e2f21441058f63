/**
 * The collaborator role matrix in one pure module: every app, credential and sandbox rule asks it.
 * Zod-free, so web chunks can import it through `@portal/contracts/app-roles`.
 */
export const APP_ROLES = ['owner', 'admin', 'developer'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** The 9 rows of the permission-details table (Owner / Admin / Developer). */
export const APP_ROLE_MATRIX = [
  {
    key: 'viewProductionClientId',
    label: 'View Production Client ID',
    roles: ['owner', 'admin', 'developer'],
  },
  {
    key: 'viewSandboxCredentials',
    label: 'View Sandbox Credentials',
    roles: ['owner', 'admin', 'developer'],
  },
  { key: 'viewManifests', label: 'View Manifests', roles: ['owner', 'admin', 'developer'] },
  { key: 'editAppSettings', label: 'Edit App Settings', roles: ['owner', 'admin'] },
  { key: 'modifyManifests', label: 'Create, Modify and Publish Manifests', roles: ['owner', 'admin'] },
  {
    key: 'submitMarketplaceListing',
    label: 'Submit Marketplace Listing for Review',
    roles: ['owner', 'admin'],
  },
  { key: 'resetClientSecret', label: 'Reset Client Secret', roles: ['owner', 'admin'] },
  { key: 'updateCollaborators', label: 'Update Collaborator Permissions', roles: ['owner', 'admin'] },
  { key: 'deleteApp', label: 'Delete App', roles: ['owner'] },
] as const satisfies ReadonlyArray<{ key: string; label: string; roles: readonly AppRole[] }>;

export type AppAction = (typeof APP_ROLE_MATRIX)[number]['key'];

/** Whether a role on the app allows one row of the matrix. */
export function roleAllows(role: AppRole | null | undefined, action: AppAction): boolean {
  if (!role) return false;
  const row = APP_ROLE_MATRIX.find((entry) => entry.key === action);
  return (row?.roles as readonly AppRole[] | undefined)?.includes(role) ?? false;
}

/** The flags the spec passes to the app pages (spec developer-apps §6). */
export type AppPermissions = {
  canEdit: boolean;
  canModifyCredentials: boolean;
  canModifyManifests: boolean;
  canViewClientCredentials: boolean;
  canSetSemanticVersions: boolean;
  canCreateSandboxManifests: boolean;
  canGenerateFakeSandbox: boolean;
  canSubmitMarketplaceApp: boolean;
  canDestroy: boolean;
  /** Only the owner (re)generates the sandbox. */
  canGenerateSandbox: boolean;
  isPlatformEmployee: boolean;
};

export type PlatformUser = { role: 'developer' | 'admin'; employee: boolean };

/**
 * The spec's "platform employees" (spec developer-apps §1: they get some extra options): employees
 * and platform admins. Leads on a listing, the changelog's branches and internal entries.
 */
export const isPlatformStaff = (user: { role: string; employee: boolean } | null | undefined) =>
  !!user && (user.role === 'admin' || user.employee);

/** Computes the flags from the caller's role on the app and their platform role. */
export function appPermissions(role: AppRole | null | undefined, user: PlatformUser): AppPermissions {
  const staff = isPlatformStaff(user);
  return {
    canEdit: roleAllows(role, 'editAppSettings'),
    canModifyCredentials: roleAllows(role, 'resetClientSecret'),
    canModifyManifests: roleAllows(role, 'modifyManifests'),
    canViewClientCredentials: roleAllows(role, 'viewProductionClientId'),
    canSetSemanticVersions: roleAllows(role, 'modifyManifests'),
    canCreateSandboxManifests: roleAllows(role, 'modifyManifests'),
    canGenerateFakeSandbox: Boolean(role) && staff,
    canSubmitMarketplaceApp: roleAllows(role, 'submitMarketplaceListing'),
    canDestroy: roleAllows(role, 'deleteApp'),
    canGenerateSandbox: role === 'owner',
    isPlatformEmployee: staff,
  };
}
