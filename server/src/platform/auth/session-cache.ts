import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { SessionUser } from './session-user.ts';

/** How long a verified session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

type Entry = { user: SessionUser; sessionExpiresAt: number; cachedUntil: number };

export type SessionCache = {
  /** The user behind a signed session cookie value, when it was verified within the TTL. */
  get(cookieValue: string): SessionUser | undefined;
  set(cookieValue: string, user: SessionUser, sessionExpiresAt: Date): void;
  /** Forgets one session (sign-out). */
  forgetSession(cookieValue: string): void;
  /** Forgets every session of a user (password change or reset, profile, role or status change). */
  forgetUser(userId: string): void;
  /** Resolves once the cache holds entries: at once without Redis, with it once first subscribed. */
  readonly listening: Promise<void>;
  close(): void;
};

/**
 * Signed-in requests skip better-auth's cookie verification and session read while the exact
 * signed cookie value was verified less than SESSION_CACHE_TTL_MS ago. A forged or altered cookie
 * never matches an entry, so it still goes to better-auth.
 *
 * Changes made through this process take effect at once (the services call forget*). With
 * REDIS_URL, every instance hears the same forget* over pub/sub, and caches nothing while it is not
 * subscribed; without Redis another instance notices within the TTL.
 */
export function createSessionCache(
  options: { now?: () => number; redis?: Redis; prefix?: string; log?: Logger } = {},
): SessionCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();

  const drop = (cookieValue: string) => {
    const entry = entries.get(cookieValue);
    if (!entry) return;
    entries.delete(cookieValue);
    const keys = byUser.get(entry.user.id);
    keys?.delete(cookieValue);
    if (keys?.size === 0) byUser.delete(entry.user.id);
  };
  const dropUser = (userId: string) => {
    for (const key of byUser.get(userId) ?? []) entries.delete(key);
    byUser.delete(userId);
  };

  const channel = `${options.prefix ?? 'portal'}:sessions:forget`;
  const subscriber = options.redis?.duplicate();
  // With Redis, the cache holds entries only while it hears the other instances' forgets: from the
  // moment its subscription is confirmed until the connection drops. A sign-out elsewhere in a moment
  // it was not listening (starting up, Redis away) would otherwise go unheard for up to the TTL.
  let listening = !subscriber;
  let firstListening = () => {};
  const listeningOnce = new Promise<void>((resolve) => {
    firstListening = resolve;
  });
  if (listening) firstListening();
  const forgetAll = () => {
    entries.clear();
    byUser.clear();
  };
  if (subscriber) {
    subscriber.on('error', (error) => options.log?.warn({ err: error }, 'session cache subscriber error'));
    // The copy is still connecting here, and the portal's client queues nothing while it is not
    // connected (enableOfflineQueue: false): subscribe each time it is ready, the first time and
    // after a reconnect (subscribing twice to a channel is harmless).
    subscriber.on('ready', () => {
      subscriber
        .subscribe(channel)
        .then(() => {
          forgetAll();
          listening = true;
          firstListening();
        })
        .catch((error) => options.log?.warn({ err: error }, 'subscribe failed'));
    });
    subscriber.on('close', () => {
      listening = false;
      forgetAll();
    });
    subscriber.on('message', (_channel, message: string) => {
      const [kind, value] = [message.slice(0, 2), message.slice(2)];
      if (kind === 'u:') dropUser(value);
      else if (kind === 's:') drop(value);
    });
  }
  const broadcast = (message: string) => {
    options.redis?.publish(channel, message).catch(() => {
      // Without Redis the other instances fall back to the TTL; this one has already forgotten.
    });
  };

  return {
    get(cookieValue) {
      if (!listening) return undefined;
      const entry = entries.get(cookieValue);
      if (!entry) return undefined;
      const t = now();
      if (entry.cachedUntil <= t || entry.sessionExpiresAt <= t) {
        drop(cookieValue);
        return undefined;
      }
      return entry.user;
    },
    set(cookieValue, user, sessionExpiresAt) {
      drop(cookieValue);
      if (!listening) return;
      if (entries.size >= MAX_ENTRIES) drop(entries.keys().next().value as string);
      entries.set(cookieValue, {
        user,
        sessionExpiresAt: sessionExpiresAt.getTime(),
        cachedUntil: now() + SESSION_CACHE_TTL_MS,
      });
      const keys = byUser.get(user.id) ?? new Set<string>();
      keys.add(cookieValue);
      byUser.set(user.id, keys);
    },
    forgetSession(cookieValue) {
      drop(cookieValue);
      broadcast(`s:${cookieValue}`);
    },
    forgetUser(userId) {
      dropUser(userId);
      broadcast(`u:${userId}`);
    },
    listening: listeningOnce,
    close() {
      subscriber?.disconnect();
    },
  };
}

/** better-auth's session cookie (`__Secure-` prefixed when the portal runs on https). */
const SESSION_COOKIES = ['portal.session_token', '__Secure-portal.session_token'] as const;

export function sessionCookieValue(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIES[0]] ?? request.cookies[SESSION_COOKIES[1]];
}
