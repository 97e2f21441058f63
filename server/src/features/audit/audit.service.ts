/** The staff audit log: every admin write on an app or an account, with before and after. */
import type { AuditAction, AuditEvent, AuditQuery } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { endingInId, type ListSort, listPage, resolveSort } from '../../platform/list/index.ts';

type Subject = { type: AuditEvent['subject_type']; id: string };
/** Who made the change: kept by id, and by e-mail as it was then. */
export type AuditActor = Pick<SessionUser, 'id' | 'email'>;

/**
 * The fields of `after` that differ from `before` (and those named in `keep`, changed or not), each
 * side with only those fields.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keep: readonly string[] = [],
) {
  const keys = Object.keys(after).filter(
    (key) => keep.includes(key) || JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/**
 * Records one staff write; nothing when an update (`….update`, `…_update`) changed nothing. `keep` names fields recorded even
 * when unchanged (what a decision was made with, such as the message sent with it).
 */
export async function recordAudit(
  ctx: AppContext,
  actor: AuditActor,
  action: AuditAction,
  subject: Subject,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keep: readonly string[] = [],
): Promise<void> {
  const diff = changes(before, after, keep);
  if (!Object.keys(diff.after).length && /[._]update$/.test(action)) return;
  await ctx.db.insert(auditEvents).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    before: diff.before,
    after: diff.after,
    createdAt: ctx.clock.now(),
  });
}

const by = endingInId(auditEvents.id, 'uuid');

const SORTS = {
  created_at: by(auditEvents.createdAt, 'timestamptz', { table: 'audit_events', column: 'created_at' }),
} satisfies Record<string, ListSort>;

export async function listAudit(ctx: AppContext, query: AuditQuery) {
  const subject = query['filters[subject_id]'];
  const action = query['filters[action]'];
  const page = await listPage(
    ctx,
    {
      from: sql`${auditEvents}`,
      table: 'audit_events',
      where: and(
        subject ? eq(auditEvents.subjectId, subject) : undefined,
        action ? eq(auditEvents.action, action) : undefined,
      ),
      id: auditEvents.id,
    },
    resolveSort(SORTS, '-created_at'),
    query,
    (ids) => ctx.db.select().from(auditEvents).where(inArray(auditEvents.id, ids)),
    (row) => row.id,
  );
  return {
    ...page,
    rows: page.rows.map(
      (row): AuditEvent => ({
        id: row.id,
        actor_email: row.actorEmail,
        action: row.action,
        subject_type: row.subjectType,
        subject_id: row.subjectId,
        before: row.before,
        after: row.after,
        created_at: row.createdAt.toISOString(),
      }),
    ),
  };
}
