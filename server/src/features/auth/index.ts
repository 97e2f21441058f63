/** Accounts and sessions. What other features need: the current user's shape, staff account pages, new users. */
export { toCurrentUser } from './auth.service.ts';
export {
  findUserById,
  findUserForStaff,
  toAdminDeveloper,
  type UserRow,
  updateUserAsStaff,
} from './auth.staff.ts';
export { createUserWithPassword, type NewUser } from './auth.users.ts';
