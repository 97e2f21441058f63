/** Announcements to developers (notifications), critical ones also by e-mail. */
export { createNotification } from './announcements.service.ts';
