/**
 * The floor every app feature stands on: app rows, who may do what with one (roles and their
 * flags), its settings, logo and contacts, and My Apps. The developer-apps feature builds the
 * single app's page on it.
 */
export {
  type AppAccess,
  type AppOwner,
  loadAppAccess,
  loadAppAccessAndOwner,
  requireAppReader,
  requirePermission,
} from './app-access.ts';
export { assignContactIds, presentContacts } from './apps.contacts.ts';
export { type AppForm, formFieldsError, readAppForm, readCreateForm } from './apps.form.ts';
export {
  type DeveloperAppRow,
  findApp,
  findAppForStaff,
  findAppWithRole,
  findOwner,
  type MemberRole,
  marketplaceRequestRows,
  markPublished,
  updateApp,
  userExists,
} from './apps.repo.ts';
export {
  createAppRow,
  deleteApp,
  listApps,
  readStoredLogo,
  settingsColumns,
  thumbnailUrl,
  updateAppSettings,
} from './apps.service.ts';
export {
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LogoResponse,
  logoColumns,
  sendLogo,
  storeLogo,
} from './logo.ts';
