import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { hashSecret } from '../../platform/secrets.ts';
import { confirmEmailMail } from './auth.mail.ts';

/**
 * At most one confirmation e-mail per address in this long. Every sign-in attempt before the address
 * is confirmed asks for one; the first link stays valid for 3 days, so the rest would only fill the inbox.
 */
export const CONFIRMATION_MAIL_INTERVAL_MS = 5 * 60_000;

/**
 * Takes the address's turn for a confirmation e-mail: true when none was queued in the last
 * interval. One conditional UPDATE of the user's row, so of concurrent callers — on any instance —
 * exactly one wins (PostgreSQL re-checks the condition on the row the first one committed).
 */
export async function claimConfirmationMail(ctx: AppContext, email: string): Promise<boolean> {
  const now = ctx.clock.now();
  const due = new Date(now.getTime() - CONFIRMATION_MAIL_INTERVAL_MS);
  const claimed = await ctx.db
    .update(users)
    .set({ confirmationSentAt: now })
    .where(
      and(
        eq(users.email, email.toLowerCase()),
        or(isNull(users.confirmationSentAt), lte(users.confirmationSentAt, due)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** better-auth's confirmation mailer (sign-up, and each sign-in before confirming), throttled per address. */
export async function sendConfirmationMail(
  ctx: AppContext,
  user: { email: string; name: string },
  token: string,
  next: string | null,
): Promise<void> {
  if (!(await claimConfirmationMail(ctx, user.email))) return;
  await sendMail(ctx, {
    to: user.email,
    template: 'auth.confirm_email',
    idempotencyKey: `confirm:${hashSecret(token)}`,
    ...confirmEmailMail(ctx.config, user, token, next),
  });
}
