import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

/** Failed sign-in attempts allowed per window, per account and per IP. */
export const LOGIN_LIMITS = {
  perAccount: { points: 10, duration: 15 * 60 },
  perIp: { points: 100, duration: 15 * 60 },
};

export type LoginLimiter = {
  /** Refuses the attempt when either counter is spent (or the counter store cannot answer). */
  check(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
};

const unavailable = () =>
  new AppError('unavailable', 'Sign-in is temporarily unavailable. Try again shortly.');

/**
 * Counts failed sign-in attempts per account and per IP, in memory or in Redis when several
 * instances share counters. When its store cannot answer, sign-in is refused rather than let through.
 */
export function createLoginLimiter(redis?: Redis, prefix = 'portal'): LoginLimiter {
  const make = (name: string, limits: { points: number; duration: number }): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}:login:${name}`,
          ...limits,
          rejectIfRedisNotReady: true,
        })
      : new RateLimiterMemory({ keyPrefix: `login:${name}`, ...limits });
  const counters = [
    {
      limiter: make('ip', LOGIN_LIMITS.perIp),
      points: LOGIN_LIMITS.perIp.points,
      key: (_: string, ip: string) => ip,
    },
    {
      limiter: make('account', LOGIN_LIMITS.perAccount),
      points: LOGIN_LIMITS.perAccount.points,
      key: (email: string) => email.toLowerCase(),
    },
  ];

  return {
    async check(email, ip) {
      for (const counter of counters) {
        let state: Awaited<ReturnType<RateLimiterAbstract['get']>>;
        try {
          state = await counter.limiter.get(counter.key(email, ip));
        } catch {
          throw unavailable();
        }
        if (state && state.consumedPoints >= counter.points) {
          const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
          throw new AppError('rate_limited', 'Too many sign-in attempts. Try again later.', {
            headers: { 'Retry-After': String(seconds) },
          });
        }
      }
    },
    async recordFailure(email, ip) {
      for (const counter of counters) {
        // penalty() adds a point without refusing; check() decides on the next attempt.
        await counter.limiter.penalty(counter.key(email, ip)).catch(() => {});
      }
    },
    async recordSuccess(email) {
      await counters[1]!.limiter.delete(email.toLowerCase()).catch(() => {});
    },
  };
}
