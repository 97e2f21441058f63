/** Staff manage accounts (admin developers page): read, change, disable. */

import type { AdminDeveloper, AdminUpdateDeveloperBody } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/index.ts';

export const ACCOUNT_DISABLED = 'This account has been disabled. Contact support.';
export type UserRow = typeof users.$inferSelect;

export async function findUserForStaff(ctx: AppContext, id: string): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('Developer');
  return row;
}

const uniqueField = (error: unknown): string | null => {
  const violation = uniqueViolation(error);
  if (!violation) return null;
  return violation.constraint?.includes('procore') ? 'developer.procore_id' : 'developer.email';
};

/**
 * Changes what staff may change. Disabling ends every session of the account at once (rows deleted,
 * cache forgotten); sign-in then refuses it (auth.service.ts). Any change drops the cached session
 * user, so a new role or name applies on the next request. A new e-mail moves
 * developer_apps.review_owner_email of the apps they own in review (trigger; db/derived.ts).
 */
export async function updateUserAsStaff(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  { developer: body }: AdminUpdateDeveloperBody,
): Promise<UserRow> {
  const current = await findUserForStaff(ctx, id);
  const now = ctx.clock.now();
  let row: UserRow | undefined;
  try {
    [row] = await ctx.db
      .update(users)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.company_name !== undefined ? { companyName: body.company_name || null } : {}),
        ...(body.email !== undefined ? { email: body.email.toLowerCase() } : {}),
        ...(body.procore_id !== undefined ? { procoreId: body.procore_id } : {}),
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(body.employee !== undefined ? { employee: body.employee } : {}),
        ...(body.disabled !== undefined
          ? { disabledAt: body.disabled ? (current.disabledAt ?? now) : null }
          : {}),
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
  } catch (error) {
    const field = uniqueField(error);
    if (field)
      throw fieldError(
        field,
        field.endsWith('email') ? 'That e-mail address is taken' : 'That Procore ID is taken',
      );
    throw error;
  }
  if (!row) throw new AppError('not_found', 'Developer not found');
  if (row.disabledAt) await ctx.db.delete(sessions).where(eq(sessions.userId, id));
  ctx.sessions.forgetUser(id);
  const [was, now_] = [audited(current), audited(row)];
  const action =
    was.disabled !== now_.disabled
      ? now_.disabled
        ? 'developer.disable'
        : 'developer.enable'
      : was.role !== now_.role
        ? 'developer.role_change'
        : 'developer.update';
  await recordAudit(ctx, actor, action, { type: 'developer', id }, was, now_);
  return row;
}

/** An account as staff see it (the admin developers list and edit page). */
export function toAdminDeveloper(row: UserRow): AdminDeveloper {
  return {
    id: row.id,
    name: row.name,
    company_name: row.companyName,
    email: row.email,
    procore_id: row.procoreId,
    role: row.role,
    employee: row.employee,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: what staff can change. */
const audited = (row: UserRow): Record<string, unknown> => {
  const { id: _id, created_at: _createdAt, ...editable } = toAdminDeveloper(row);
  return editable;
};

/** Whether the account with this address is disabled (checked after the password, at sign-in). */
export async function isDisabled(ctx: AppContext, email: string): Promise<{ id: string } | null> {
  const [row] = await ctx.db
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row?.disabledAt ? { id: row.id } : null;
}

/** Ends what a disabled account's sign-in just created. */
export async function endSessions(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
  ctx.sessions.forgetUser(userId);
}

/** A user by id, or null (the platform API's `me`). */
export async function findUserById(ctx: AppContext, id: string): Promise<UserRow | null> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
