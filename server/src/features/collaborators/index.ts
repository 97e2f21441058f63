/** Who is on an app (memberships and their changes) and invitations to join it. */
export { appMembers, assignOwnerAsStaff } from './collaborators.service.ts';
