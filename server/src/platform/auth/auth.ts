import { type Logger as BetterAuthLogger, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { hashSessionTokens } from './hashed-session-tokens.ts';
import { SIGN_IN_LINK_SECONDS } from './login-limiter.ts';

export type AuthMailer = {
  confirmEmail(user: { email: string; name: string }, token: string, next: string | null): Promise<void>;
  resetPassword(user: { email: string; name: string }, token: string): Promise<void>;
  /** A one-time sign-in link; `metadata` is what the portal passed along (the name, `next`). */
  signInLink(email: string, token: string, metadata: Record<string, unknown> | undefined): Promise<void>;
};

/**
 * better-auth owns passwords (scrypt), sessions and the single-use confirmation and reset tokens.
 * The portal calls its server API from its own /api/v1 routes, so every auth call has the same
 * validation, error shape, CSRF check and rate limit as the rest of the API.
 */
export function createAuth(
  config: Config,
  db: Db,
  mailer: AuthMailer,
  /** Called when better-auth changed a user or revoked their sessions (drops cached sessions). */
  onUserChanged: (userId: string) => void,
  log: Logger,
) {
  return betterAuth({
    appName: `${config.platformName} Developer Portal`,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    // Session tokens rest only as their sha256 (hashed-session-tokens.ts).
    database: hashSessionTokens(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: { user: users, session: sessions, account: accounts, verification: verifications },
      }),
    ),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'developer', input: false },
        employee: { type: 'boolean', required: false, defaultValue: false, input: false },
        procoreId: { type: 'number', required: false, input: false },
        companyName: { type: 'string', required: false, input: true },
        criticalEmails: { type: 'boolean', required: false, defaultValue: true, input: false },
        developerAppsBeta: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, token }) => mailer.resetPassword(user, token),
      onPasswordReset: async ({ user }) => onUserChanged(user.id),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24 * 3,
      sendVerificationEmail: ({ user, token, url }) =>
        mailer.confirmEmail(user, token, nextFromVerifyUrl(url)),
    },
    // Reset tokens rest only as their sha256, so a database dump holds none that works.
    // (Confirmation tokens are signed JWTs, never stored.)
    verification: { storeIdentifier: 'hashed' },
    plugins: [
      // E-mailed one-time sign-in links for existing accounts (features/auth/auth.sign-in-link.ts):
      // single use (consumed atomically), short-lived, resting hashed like reset tokens.
      magicLink({
        expiresIn: SIGN_IN_LINK_SECONDS,
        disableSignUp: true,
        sendMagicLink: ({ email, token, metadata }) => mailer.signInLink(email, token, metadata),
      }),
    ],
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    // Our own CSRF token (double submit) guards every state-changing /api route, and login is rate
    // limited by the portal per account and per IP, so better-auth's copies of both are off.
    rateLimit: { enabled: false },
    advanced: {
      disableCSRFCheck: true,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'portal',
      database: { generateId: 'uuid' },
    },
    // Any user update made through better-auth drops that user's cached sessions.
    databaseHooks: { user: { update: { after: async (user) => onUserChanged(user.id) } } },
    telemetry: { enabled: false },
    logger: betterAuthLogger(log),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's messages go through the portal's logger (JSON, or one readable line in a terminal)
 * instead of its own coloured console lines. Its level follows the portal's, since better-auth also
 * keeps error stacks only at debug.
 */
export function betterAuthLogger(log: Logger): BetterAuthLogger {
  const child = log.child({ module: 'better-auth' });
  const level =
    log.levelVal <= 20 ? 'debug' : log.levelVal <= 30 ? 'info' : log.levelVal <= 40 ? 'warn' : 'error';
  return {
    disabled: log.level === 'silent',
    level,
    log(level, message, ...args) {
      const err = args.find((arg) => arg instanceof Error);
      const details = args.filter((arg) => arg !== err);
      child[level]({ err, details: details.length ? details : undefined }, message);
    },
  };
}

/** The same-site path a sign-up asked to return to, carried in better-auth's verify URL. */
export function nextFromVerifyUrl(url: string): string | null {
  const next = new URL(url, 'http://portal.invalid').searchParams.get('callbackURL');
  return next && next !== '/' && /^\/(?!\/)/.test(next) ? next : null;
}
