import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { WATERMARK_MOVE_AFTER_READS } from './features/announcements/announcements.unread.ts';
import { sendConfirmationMail } from './features/auth/auth.confirmation.ts';
import { resetPasswordMail, signInLinkMail } from './features/auth/auth.mail.ts';
import { resealSecretsJob } from './features/credentials/credentials.jobs.ts';
import { jobDefinitions } from './features/index.ts';
import { queueOauthSweep } from './features/oauth/oauth.jobs.ts';
import { builtInProvisioner } from './features/sandboxes/provisioner.ts';
import { createAuth } from './platform/auth/auth.ts';
import { createLoginLimiter } from './platform/auth/login-limiter.ts';
import { createSessionCache } from './platform/auth/session-cache.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { AppContext, Limits, SandboxProvisioner } from './platform/context.ts';
import { closeImageDecoder } from './platform/http/images.ts';
import { createJobs } from './platform/jobs.ts';
import { EXACT_COUNT_LIMIT } from './platform/list/count.ts';
import type { Logger } from './platform/logger.ts';
import { sendMail } from './platform/mail/mail.ts';
import { createQuotaLimiter } from './platform/rate-limit/limiter.ts';
import { hashSecret } from './platform/secrets.ts';
import { openStorage } from './platform/storage.ts';

type Options = {
  database?: Database;
  clock?: Clock;
  log: Logger;
  redisPrefix?: string;
  /** Tests only: lower limits and a provisioner of their own (production takes the defaults). */
  limits?: Partial<Limits>;
  sandboxProvisioner?: SandboxProvisioner;
  /** False for the seed scripts: enqueue jobs, leave supervising them to the portal (createJobs). */
  superviseJobs?: boolean;
};

/** Opens the database, applies migrations, starts the job queue and wires the services together. */
export async function createContext(
  config: Config,
  options: Options,
): Promise<AppContext & { close(): Promise<void> }> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  const jobs = await createJobs(database, jobDefinitions, options.log, { supervise: options.superviseJobs });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        // Reconnect at most 500 ms apart: the rate-limit buckets leave their insurance limiter soon
        // after Redis is back (issue: "recovery within 2 s").
        retryStrategy: (times: number) => Math.min(times * 50, 500),
      })
    : undefined;
  redis?.on('error', (error) => options.log.warn({ err: error }, 'redis error'));
  if (redis) await waitForRedis(redis, options.log);
  // An SMTP server that stops answering fails the mail job (which retries) in seconds, rather than
  // holding a worker for nodemailer's defaults (2 minutes to connect, 10 of silence).
  const smtp = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;

  const clock = options.clock ?? systemClock;
  const ctx = {
    config,
    database,
    db: database.db,
    jobs,
    clock,
    log: options.log,
    smtp,
    storage: openStorage(config),
    sandboxProvisioner: options.sandboxProvisioner ?? builtInProvisioner(config),
    limits: {
      exactCount: EXACT_COUNT_LIMIT,
      watermarkMoveAfterReads: WATERMARK_MOVE_AFTER_READS,
      ...options.limits,
    },
    loginLimiter: createLoginLimiter(redis, options.redisPrefix),
    quota: createQuotaLimiter({
      redis,
      prefix: options.redisPrefix,
      clock,
      instances: config.quotaInstances,
      log: options.log,
    }),
    sessions: createSessionCache({
      now: () => clock.now().getTime(),
      redis,
      prefix: options.redisPrefix,
      log: options.log,
    }),
  } as AppContext;
  ctx.auth = createAuth(
    config,
    database.db,
    {
      confirmEmail: (user, token, next) => sendConfirmationMail(ctx, user, token, next),
      resetPassword: (user, token) =>
        sendMail(ctx, {
          to: user.email,
          template: 'auth.reset_password',
          idempotencyKey: `reset:${hashSecret(token)}`,
          ...resetPasswordMail(config, user, token),
        }),
      signInLink: (email, token, metadata) =>
        sendMail(ctx, {
          to: email,
          template: 'auth.sign_in_link',
          idempotencyKey: `sign-in-link:${hashSecret(token)}`,
          ...signInLinkMail(
            config,
            { email, name: String(metadata?.name ?? '') },
            token,
            typeof metadata?.next === 'string' ? metadata.next : null,
          ),
        }),
    },
    (userId) => ctx.sessions.forgetUser(userId),
    options.log,
  );

  // Secrets sealed with a key that is no longer first are sealed again in the background.
  await jobs.send(resealSecretsJob, {}, { singletonKey: 'credentials.reseal' });
  // Expired OAuth codes and tokens are swept hourly from the first start on.
  await queueOauthSweep(ctx, new Date(Date.now() + 60 * 60 * 1000));

  return Object.assign(ctx, {
    async close() {
      await jobs.stop();
      ctx.sessions.close();
      redis?.disconnect();
      smtp?.close();
      ctx.storage.close();
      await closeImageDecoder();
      await database.close();
    },
  });
}

/**
 * Waits (up to 5 s) for the Redis connection, so the first sign-ins after start are not refused as
 * "store unavailable". If Redis stays down the portal still starts; sign-in is refused until it is back.
 */
async function waitForRedis(redis: Redis, log: Logger): Promise<void> {
  if (redis.status === 'ready') return;
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!(await ready)) log.warn('Redis is not reachable yet; sign-in is refused until it is');
}
