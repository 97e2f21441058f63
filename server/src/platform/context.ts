import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Auth } from './auth/auth.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Clock } from './clock.ts';
import type { Jobs } from './jobs.ts';
import type { Logger } from './logger.ts';

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
  /** Verified sessions; services call forgetUser() whenever a user's row or sessions change. */
  sessions: SessionCache;
  /** Set when SMTP_URL is configured. */
  smtp: Transporter | undefined;
};
