import { and, eq } from 'drizzle-orm';
import { rowBy } from '../../db/prepared.ts';
import { sandboxes } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';

export type SandboxRow = typeof sandboxes.$inferSelect;

export async function findSandbox(ctx: AppContext, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db.select().from(sandboxes).where(eq(sandboxes.id, id));
  return row ?? null;
}

const sandboxOf = rowBy('app_sandbox', sandboxes, sandboxes.developerAppId);

export async function findSandboxForApp(ctx: AppContext, developerAppId: string) {
  const [row] = await sandboxOf(ctx.db).execute({ key: developerAppId });
  return row ?? null;
}

/** Creates the app's sandbox row, or puts an existing one back to pending. */
export async function upsertPendingSandbox(ctx: AppContext, developerAppId: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(sandboxes)
    .values({ developerAppId, status: 'pending' })
    .onConflictDoUpdate({
      target: sandboxes.developerAppId,
      set: { status: 'pending', failureMessage: null, updatedAt: now },
    })
    .returning();
  return row!;
}

/** Moves a pending sandbox on (live or failed); null when it was no longer pending. */
export async function updatePendingSandbox(
  ctx: AppContext,
  id: string,
  values: Partial<typeof sandboxes.$inferInsert>,
) {
  const [row] = await ctx.db
    .update(sandboxes)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(and(eq(sandboxes.id, id), eq(sandboxes.status, 'pending')))
    .returning();
  return row ?? null;
}
