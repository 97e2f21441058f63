import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

export type NewUser = {
  name: string;
  email: string;
  password: string;
  role?: 'developer' | 'admin';
  employee?: boolean;
  companyName?: string | null;
  confirmed?: boolean;
};

/**
 * Creates a confirmed account with a password, without sending mail (seed data, test factories).
 * Moves nothing derived (a user has no user_app_counts row until a membership; db/derived.ts).
 */
export async function createUserWithPassword(ctx: AppContext, input: NewUser) {
  const auth = await ctx.auth.$context;
  const user = await auth.internalAdapter.createUser(
    {
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: input.confirmed ?? true,
    },
    { method: 'admin' },
  );
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await auth.password.hash(input.password),
  });
  const [row] = await ctx.db
    .update(users)
    .set({
      role: input.role ?? 'developer',
      employee: input.employee ?? false,
      companyName: input.companyName ?? null,
    })
    .where(eq(users.id, user.id))
    .returning();
  ctx.sessions.forgetUser(user.id);
  return row!;
}

export async function findUserByEmail(ctx: AppContext, email: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}
