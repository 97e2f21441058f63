import type {
  ChangePasswordBody,
  CurrentUser,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  UpdateSettingsBody,
} from '@portal/contracts';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { sessionCookieValue } from '../../platform/auth/session-cache.ts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import { toWebHeaders } from '../../platform/auth/web-headers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { CONFIRMATION_MAIL_INTERVAL_MS } from './auth.confirmation.ts';
import { ACCOUNT_DISABLED, endSessions, isDisabled } from './auth.staff.ts';

export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    employee: user.employee,
    procore_id: user.procoreId,
    company_name: user.companyName,
    critical_emails: user.criticalEmails,
    developer_apps_beta: user.developerAppsBeta,
  };
}

/** better-auth's errors, in the portal's error shape. */
function translate(error: unknown): never {
  if (!(error instanceof APIError)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
      throw new AppError('invalid_credentials', 'Invalid email or password');
    case 'EMAIL_NOT_VERIFIED':
      throw new AppError(
        'email_not_confirmed',
        `Confirm your e-mail address first: follow the link in the confirmation e-mail we sent you. (We send a new one at most every ${CONFIRMATION_MAIL_INTERVAL_MS / 60_000} minutes.)`,
      );
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      throw fieldError('email', 'An account with this email already exists');
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      throw fieldError('token', 'This link is invalid or has expired. Ask for a new one.');
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      throw fieldError('password', error.message);
    default:
      throw new AppError('validation_failed', error.message || 'The request could not be completed');
  }
}

/** Awaits a better-auth call, its errors in the portal's error shape. */
export async function call<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    translate(error);
  }
}

export async function signUp(ctx: AppContext, body: SignUpBody) {
  await call(
    ctx.auth.api.signUpEmail({
      body: {
        name: body.name,
        email: body.email.toLowerCase(),
        password: body.password,
        ...(body.company_name ? { companyName: body.company_name } : {}),
        ...(body.next ? { callbackURL: body.next } : {}),
      },
    }),
  );
}

/**
 * The limiter takes the attempt's points before the password is checked (parallel guesses cannot
 * overtake the count); a successful sign-in gives them back.
 */
export async function signIn(
  ctx: AppContext,
  body: SignInBody,
  client: { ip: string; device: string | null },
  headers: Headers,
) {
  const attempt = await ctx.loginLimiter.consume({ email: body.email, ...client });
  const result = await call(
    ctx.auth.api.signInEmail({
      body: { email: body.email.toLowerCase(), password: body.password },
      headers,
      returnHeaders: true,
    }),
  );
  await attempt.succeeded();
  // Told only to someone who knows the password: a disabled account is not revealed to guessers.
  const disabled = await isDisabled(ctx, body.email);
  if (disabled) {
    await endSessions(ctx, disabled.id);
    throw new AppError('forbidden', ACCOUNT_DISABLED);
  }
  return result.headers;
}

export async function signOut(ctx: AppContext, request: FastifyRequest) {
  const result = await call(ctx.auth.api.signOut({ headers: toWebHeaders(request), returnHeaders: true }));
  const cookie = sessionCookieValue(request);
  if (cookie) ctx.sessions.forgetSession(cookie);
  return result.headers;
}

/** Confirms the address and signs the user in (the link is the proof of the address). */
export async function confirmEmail(ctx: AppContext, token: string) {
  const result = await call(ctx.auth.api.verifyEmail({ query: { token }, returnHeaders: true }));
  return result.headers;
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  // Always answers the same way, so the endpoint does not reveal which addresses have accounts.
  await call(ctx.auth.api.requestPasswordReset({ body: { email: email.toLowerCase() } }));
}

export async function resetPassword(ctx: AppContext, body: ResetPasswordBody) {
  await call(ctx.auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } }));
}

export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  body: ChangePasswordBody,
  headers: Headers,
) {
  try {
    const result = await ctx.auth.api.changePassword({
      body: {
        currentPassword: body.current_password,
        newPassword: body.new_password,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    ctx.sessions.forgetUser(user.id);
    return result.headers;
  } catch (error) {
    if (error instanceof APIError && (error.body as { code?: string })?.code === 'INVALID_PASSWORD') {
      throw fieldError('current_password', 'Current password is incorrect');
    }
    translate(error);
  }
}

// Moves nothing derived (users feed review_owner_email by e-mail only; db/derived.ts).
export async function updateSettings(
  ctx: AppContext,
  user: SessionUser,
  body: UpdateSettingsBody,
): Promise<CurrentUser> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.company_name !== undefined) changes.companyName = body.company_name || null;
  if (body.critical_emails !== undefined) changes.criticalEmails = body.critical_emails;
  if (body.developer_apps_beta !== undefined) changes.developerAppsBeta = body.developer_apps_beta;
  const [row] = await ctx.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  if (!row) throw new AppError('not_found', 'User not found');
  ctx.sessions.forgetUser(user.id);
  return toCurrentUser({
    ...user,
    name: row.name,
    companyName: row.companyName,
    criticalEmails: row.criticalEmails,
    developerAppsBeta: row.developerAppsBeta,
  });
}
