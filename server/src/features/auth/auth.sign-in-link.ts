/**
 * The way in that guessing cannot block. Sign-in attempts are limited per account (the brute-force
 * bound), so someone guessing can keep browsers without the owner's device cookie refused; the
 * refusal offers a one-time link by e-mail instead, which only the mailbox's owner can use.
 * better-auth's magic-link plugin makes and consumes the token (platform/auth/auth.ts): single use,
 * `SIGN_IN_LINK_SECONDS` long, stored only as its sha256. The portal decides who gets one.
 */
import type { SignInLinkBody } from '@portal/contracts';
import { isAPIError } from 'better-auth/api';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { call } from './auth.service.ts';
import { ACCOUNT_DISABLED, endSessions, isDisabled } from './auth.staff.ts';
import { findUserByEmail } from './auth.users.ts';

export const LINK_INVALID = 'This sign-in link is invalid, used or expired. Ask for a new one.';

/**
 * Sends a sign-in link to a confirmed, enabled account (an unconfirmed one gets its confirmation
 * link, which signs in too). Answers the same for every address: whether one has an account, or has
 * had its links for the window (limiter), is not told.
 */
export async function requestSignInLink(
  ctx: AppContext,
  body: SignInLinkBody,
  ip: string,
  headers: Headers,
): Promise<void> {
  const email = body.email.toLowerCase();
  if (!(await ctx.loginLimiter.linkRequest({ email, ip }))) return;
  const user = await findUserByEmail(ctx, email);
  if (!user || user.disabledAt) return;
  const next = body.next ?? null;
  if (!user.emailVerified) {
    await call(
      ctx.auth.api.sendVerificationEmail({ body: { email, ...(next ? { callbackURL: next } : {}) } }),
    );
    return;
  }
  await call(ctx.auth.api.signInMagicLink({ body: { email, metadata: { name: user.name, next } }, headers }));
}

/** Signs in with a link's token (consumed even when the account turns out disabled). */
export async function signInWithLink(ctx: AppContext, token: string, headers: Headers) {
  let result: Awaited<ReturnType<typeof verify>>;
  try {
    result = await verify(ctx, token, headers);
  } catch (error) {
    // The plugin answers a bad, used or expired token with a redirect carrying the reason.
    if (isAPIError(error) && error.status === 'FOUND') throw fieldError('token', LINK_INVALID);
    throw error;
  }
  const { email } = result.response.user;
  const disabled = await isDisabled(ctx, email);
  if (disabled) {
    await endSessions(ctx, disabled.id);
    throw new AppError('forbidden', ACCOUNT_DISABLED);
  }
  return { headers: result.headers, email };
}

const verify = (ctx: AppContext, token: string, headers: Headers) =>
  ctx.auth.api.magicLinkVerify({ query: { token }, headers, returnHeaders: true });
