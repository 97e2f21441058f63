import { AUDIT_SUBJECTS } from '@portal/contracts';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every staff write: who, when, what, and the changed fields before and after (features/audit). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the log still says who after an account is gone. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type', { enum: AUDIT_SUBJECTS }).notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').notNull().default({}).$type<Record<string, unknown>>(),
    after: jsonb('after').notNull().default({}).$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_subject_idx').on(t.subjectId, t.createdAt, t.id),
  ],
);
