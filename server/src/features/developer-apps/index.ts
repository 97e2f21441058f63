/**
 * The developer app as a whole (the app-page layer): the single app with its people, sandbox,
 * credentials and metrics, for its people and for staff.
 */
export { createApp, getApp, updateApp } from './developer-apps.service.ts';
export {
  changeLogoAsStaff,
  getAppAsStaff,
  LOGO_MISSING_MESSAGE,
  OWNER_NOT_FOUND,
  readLogoAsStaff,
  updateAppAsStaff,
} from './developer-apps.staff.ts';
