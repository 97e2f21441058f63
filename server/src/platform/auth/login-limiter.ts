import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

type Limit = { points: number; duration: number };

/**
 * Sign-in attempts allowed per window (OWASP's authentication guidance): every attempt costs a
 * point before the password is checked, and a successful one gives its points back.
 */
export const LOGIN_LIMITS = {
  /** One IP across all accounts (password spraying). */
  perIp: { points: 100, duration: 15 * 60 },
  /** One account from one IP: room for typos, then that pair waits. */
  perAccountAndIp: { points: 10, duration: 15 * 60 },
  /**
   * One account from anywhere, for browsers it has not signed in on: the brute-force bound. A short
   * window, so an attacker can slow the account down but never lock it out for long.
   */
  perAccount: { points: 5, duration: 60 },
  /** One account from a browser it signed in on before (device cookie): a budget of its own. */
  perDevice: { points: 10, duration: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * E-mailed sign-in links, the way in that guessing cannot block. One source may ask for a few (the
 * spraying bound, 429 past it). One address receives at most `perAccount.points` links a window,
 * whoever asks; a request past that sends nothing, and since every link lives
 * `SIGN_IN_LINK_SECONDS`, ten minutes longer than the window, the newest link already in the mailbox
 * then has at least ten minutes left. So asking can neither flood a mailbox (24 links an hour at
 * most) nor leave its owner without a working link.
 */
export const LINK_LIMITS = {
  perIp: { points: 20, duration: 15 * 60 },
  perAccount: { points: 2, duration: 5 * 60 },
} satisfies Record<string, Limit>;

/** How long an e-mailed sign-in link works (once). */
export const SIGN_IN_LINK_SECONDS = 15 * 60;

export type LoginAttempt = {
  email: string;
  ip: string;
  /** The id of a device cookie this account issued to this browser, or null. */
  device: string | null;
};

export type LoginLimiter = {
  /**
   * Takes the attempt's points atomically, before the password is checked, so parallel attempts
   * cannot all slip through. Refuses (429, or 503 when the counter store cannot answer).
   */
  consume(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }>;
  /**
   * Counts a request for a sign-in link: refuses past the source's bound (429, or 503), and answers
   * false when the address has had its links for the window (send nothing: those links still work).
   */
  linkRequest(request: { email: string; ip: string }): Promise<boolean>;
};

const unavailable = () =>
  new AppError('unavailable', 'Sign-in is temporarily unavailable. Try again shortly.');

/** The lock-out message; the sign-in page offers an e-mailed sign-in link beside it. */
export const TOO_MANY_ATTEMPTS =
  'Too many sign-in attempts. Try again later, or sign in with a link we e-mail you.';
const TOO_MANY_LINKS = 'Too many sign-in links were asked for from your network. Try again later.';

const tooMany = (msBeforeNext: number, message = TOO_MANY_ATTEMPTS) =>
  new AppError('rate_limited', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
  });

/**
 * Sign-in throttling per IP, per (account, IP) and per account, in memory or in Redis when several
 * instances share counters. A browser that signed in to the account before is counted on its own
 * (OWASP's device cookies), so guesses from elsewhere never keep the owner out. When the store
 * cannot answer, sign-in is refused rather than let through.
 */
export function createLoginLimiter(redis?: Redis, prefix = 'portal'): LoginLimiter {
  const make = (name: string, limit: Limit): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}:login:${name}`,
          ...limit,
          rejectIfRedisNotReady: true,
        })
      : new RateLimiterMemory({ keyPrefix: `login:${name}`, ...limit });
  const ip = make('ip', LOGIN_LIMITS.perIp);
  const pair = make('account-ip', LOGIN_LIMITS.perAccountAndIp);
  const account = make('account', LOGIN_LIMITS.perAccount);
  const device = make('device', LOGIN_LIMITS.perDevice);
  const linkIp = make('link-ip', LINK_LIMITS.perIp);
  const linkAccount = make('link-account', LINK_LIMITS.perAccount);

  return {
    async consume(attempt) {
      const email = attempt.email.toLowerCase();
      const counters: Array<{ limiter: RateLimiterAbstract; key: string }> = attempt.device
        ? [{ limiter: device, key: `${email}:${attempt.device}` }]
        : [
            { limiter: ip, key: attempt.ip },
            { limiter: pair, key: `${email}:${attempt.ip}` },
            { limiter: account, key: email },
          ];
      const taken: typeof counters = [];
      const giveBack = () =>
        Promise.all(taken.map(({ limiter, key }) => limiter.reward(key, 1).catch(() => {})));
      for (const counter of counters) {
        try {
          await counter.limiter.consume(counter.key, 1);
          taken.push(counter);
        } catch (error) {
          // A refused attempt is not a guess: the counters it already passed get their point back.
          await giveBack();
          if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
          throw unavailable();
        }
      }
      return {
        async succeeded() {
          await giveBack();
          // The typo budget of this address from this IP or browser starts afresh.
          await Promise.all(
            counters
              .filter(({ limiter }) => limiter === pair || limiter === device)
              .map(({ limiter, key }) => limiter.delete(key).catch(() => {})),
          );
        },
      };
    },

    async linkRequest(request) {
      const email = request.email.toLowerCase();
      try {
        await linkIp.consume(request.ip, 1);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext, TOO_MANY_LINKS);
        throw unavailable();
      }
      try {
        await linkAccount.consume(email, 1);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw unavailable();
      }
    },
  };
}
