import { z } from 'zod';
import { pageQuery, SearchFilter, sortParam } from './pagination.ts';
import {
  ADMIN_NOTIFICATIONS_PER_PAGE,
  ANNOUNCEMENT_BODY_MAX_LENGTH,
  ANNOUNCEMENT_SUMMARY_MAX_LENGTH,
  ANNOUNCEMENT_TITLE_MAX_LENGTH,
  NOTIFICATIONS_PER_PAGE,
} from './rules/limits.ts';

/** An announcement as a developer sees it (spec admin §3 Notification). */
export const Notification = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** Empty means unread (for the current user). */
  read_at: z.string().nullable(),
  critical: z.boolean(),
  draft: z.boolean(),
  show_after: z.string().nullable(),
  /** Shown to developers: not a draft and past its show-after date. */
  visible: z.boolean(),
  visible_by_show_after: z.boolean(),
  href: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** An announcement in the admin list, with its reach. */
export const AdminNotification = Notification.extend({
  updated_at: z.string(),
  author_name: z.string().nullable(),
  reach: z.object({ read_count: z.number(), emails_sent: z.number(), emails_failed: z.number() }),
});
export type AdminNotification = z.infer<typeof AdminNotification>;

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** `YYYY-MM-DD` that names a real calendar day; empty or null clears it. */
export const ShowAfter = z
  .union([z.literal(''), z.null(), z.string()])
  .transform((value) => (value ? value.trim() : null))
  .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value)), {
    message: 'Show after must be a real date in the format YYYY-MM-DD',
  });

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const CreateNotificationBody = z.object({
  title: required('Title', ANNOUNCEMENT_TITLE_MAX_LENGTH),
  summary: required('Summary', ANNOUNCEMENT_SUMMARY_MAX_LENGTH),
  body: required('Body', ANNOUNCEMENT_BODY_MAX_LENGTH),
  critical: z.boolean().default(false),
  draft: z.boolean().default(false),
  show_after: ShowAfter.optional(),
});
export type CreateNotificationBody = z.infer<typeof CreateNotificationBody>;

export const UpdateNotificationBody = z.object({
  title: required('Title', ANNOUNCEMENT_TITLE_MAX_LENGTH).optional(),
  summary: required('Summary', ANNOUNCEMENT_SUMMARY_MAX_LENGTH).optional(),
  body: required('Body', ANNOUNCEMENT_BODY_MAX_LENGTH).optional(),
  /** Accepted only when unchanged: critical is fixed at creation. */
  critical: z.boolean().optional(),
  draft: z.boolean().optional(),
  show_after: ShowAfter.optional(),
});
export type UpdateNotificationBody = z.infer<typeof UpdateNotificationBody>;

/** `GET /notifications`: newest first; `filters[search]` matches the title. */
export const NotificationsQuery = pageQuery(NOTIFICATIONS_PER_PAGE).extend(SearchFilter.shape);
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** `GET /admin/notifications`: `sort` by created_at (default newest first) or title. */
export const AdminNotificationsQuery = pageQuery(ADMIN_NOTIFICATIONS_PER_PAGE).extend({
  sort: sortParam(['created_at', 'title'], '-created_at'),
  ...SearchFilter.shape,
});
export type AdminNotificationsQuery = z.infer<typeof AdminNotificationsQuery>;

/** Exact up to UNREAD_COUNT_MAX (limits.ts); a larger backlog answers that number. */
export const UnreadCount = z.object({ unread_count: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const MarkAllReadResult = z.object({ marked: z.number() });
export type MarkAllReadResult = z.infer<typeof MarkAllReadResult>;

export const CriticalOptOutBody = z.object({ token: z.string().min(1).max(500) });
export type CriticalOptOutBody = z.infer<typeof CriticalOptOutBody>;

export const CriticalOptOutResult = z.object({ email: z.string(), critical_emails: z.boolean() });
export type CriticalOptOutResult = z.infer<typeof CriticalOptOutResult>;
