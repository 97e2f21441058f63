/**
 * The floor every app feature stands on: app rows, who may do what with one (roles and their
 * flags), its settings, logo and contacts, My Apps.
 */
export { type AppAccess, loadAppAccess, requirePermission } from './app-access.ts';
export {
  type DeveloperAppRow,
  findApp,
  findAppForStaff,
  findAppWithRole,
  findOwner,
  type MemberRole,
  updateApp,
} from './apps.repo.ts';
