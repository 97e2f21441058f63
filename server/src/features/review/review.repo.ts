/** Who hears about a review: the platform's reviewers, and an app's owner and admins. */
import { and, eq, inArray } from 'drizzle-orm';
import { developerAppMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

export type Recipient = { id: string; email: string };

/** Platform reviewers: every account with the admin role. */
export async function reviewers(ctx: AppContext): Promise<Recipient[]> {
  return ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
}

/** The app's owner and admins (they hear the review's outcome). */
export async function ownerAndAdmins(ctx: AppContext, appId: string): Promise<Recipient[]> {
  return ctx.db
    .select({ id: users.id, email: users.email })
    .from(developerAppMembers)
    .innerJoin(users, eq(users.id, developerAppMembers.userId))
    .where(
      and(
        eq(developerAppMembers.developerAppId, appId),
        inArray(developerAppMembers.role, ['owner', 'admin']),
      ),
    );
}
