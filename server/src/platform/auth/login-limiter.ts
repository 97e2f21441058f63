import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

/** Sign-in attempts allowed per window. */
export const LOGIN_LIMITS = {
  perAccount: { points: 10, duration: 15 * 60 },
  perIp: { points: 50, duration: 15 * 60 },
};

export type LoginLimiter = {
  consume(email: string, ip: string): Promise<void>;
  reset(email: string): Promise<void>;
};

/**
 * Counts sign-in attempts per account and per IP. When its store cannot answer, sign-in is refused
 * (503) rather than let through unchecked.
 */
export function createLoginLimiter(redis?: Redis, prefix = 'portal'): LoginLimiter {
  const make = (name: string, limits: { points: number; duration: number }) =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}:login:${name}`,
          ...limits,
          rejectIfRedisNotReady: true,
        })
      : new RateLimiterMemory({ keyPrefix: `login:${name}`, ...limits });
  const perAccount = make('account', LOGIN_LIMITS.perAccount);
  const perIp = make('ip', LOGIN_LIMITS.perIp);

  return {
    async consume(email, ip) {
      try {
        await perIp.consume(ip);
        await perAccount.consume(email.toLowerCase());
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
          throw new AppError('rate_limited', 'Too many sign-in attempts. Try again later.', {
            headers: { 'Retry-After': String(seconds) },
          });
        }
        throw new AppError('unavailable', 'Sign-in is temporarily unavailable. Try again shortly.');
      }
    },
    async reset(email) {
      try {
        await perAccount.delete(email.toLowerCase());
      } catch {
        // A failed reset only means the counter expires on its own.
      }
    },
  };
}
