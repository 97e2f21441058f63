import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Auth } from './auth/auth.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Clock } from './clock.ts';
import type { Jobs } from './jobs.ts';
import type { Logger } from './logger.ts';
import type { QuotaLimiter } from './rate-limit/limiter.ts';
import type { Storage } from './storage.ts';

/** Builds a sandbox company on the construction platform (the built-in one: features/sandboxes). */
export type SandboxProvisioner = {
  provision(input: { developerAppId: string; appName: string }): Promise<{ companyId: number; url: string }>;
};

/**
 * Numbers production takes from constants (createContext); a test app sets its own through
 * createTestApp's options, to reach a rare path with a little data.
 */
export type Limits = {
  /** Lists count exactly up to this many rows, then page on the planner's estimate (platform/list). */
  exactCount: number;
  /** Opened announcements above a user's watermark before it moves (announcements.unread.ts). */
  watermarkMoveAfterReads: number;
};

/** Everything services and jobs need, built once per process (or per test app). */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  jobs: Jobs;
  clock: Clock;
  log: Logger;
  auth: Auth;
  loginLimiter: LoginLimiter;
  /** Rate-limit buckets' token arithmetic (GCRA): Redis when configured, with insurance (features/quota). */
  quota: QuotaLimiter;
  /** Verified sessions; services call forgetUser() whenever a user's row or sessions change. */
  sessions: SessionCache;
  /** Set when SMTP_URL is configured. */
  smtp: Transporter | undefined;
  /** Uploaded files (app logos, listing media, videos): one store, chosen by config. */
  storage: Storage;
  sandboxProvisioner: SandboxProvisioner;
  limits: Limits;
};
