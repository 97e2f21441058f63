import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createUserWithPassword, type NewUser } from '../features/auth/index.ts';
import { createTestClock } from '../platform/clock.ts';
import type { Limits, SandboxProvisioner } from '../platform/context.ts';
import type { JobRun } from '../platform/jobs.ts';
import { verifyListShapes } from '../platform/list/statements.ts';
import { createLogger } from '../platform/logger.ts';

export const TEST_PASSWORD = 'correct horse battery';
/** The platform services' bearer token every test app accepts (SERVICE_TOKENS). */
export const TEST_SERVICE_TOKEN = 'test-service-token-test-service-token-0123';

/**
 * A fresh database per test app: in-memory PGlite, or a new PostgreSQL database (dropped on close)
 * when the suite runs with TEST_DB=postgres and TEST_DATABASE_URL.
 */
async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url)
    return { database: await openPglite(), drop: async () => {} };
  const fresh = await createPostgresDatabase(url);
  return { database: openPostgres(fresh.url), drop: fresh.drop };
}

/** A new, empty PostgreSQL database beside `url`'s: its URL, and `drop` once its pools are closed. */
export async function createPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // Wait for the app's and pg-boss's pools to let go; forcing would kill connections whose
      // late 'error' events can crash the test process.
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(
            attempt < 25 ? `drop database if exists ${name}` : `drop database if exists ${name} with (force)`,
          );
          break;
        } catch (error) {
          if (attempt >= 25) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      await client.end();
    },
  };
}

async function clearRedisKeys(prefix: string) {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A test file's app: started before its first test, closed after its last. The handle is filled in
 * by the `before` hook, so tests and hooks use it, not the module's top level.
 */
export function useTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  before(async () => {
    Object.assign(handle, await createTestApp(overrides, options));
  });
  after(() => handle.close());
  return handle;
}

type TestAppOptions = {
  /** Runs on the fresh, empty database before the app migrates it (migration tests). */
  beforeMigrate?: (database: Database) => Promise<void>;
  /** Limits lower than production's for the whole app (a block of a test: `withLimits`). */
  limits?: Partial<Limits>;
  /** Builds the app's sandbox companies (default: the built-in provisioner). */
  sandboxProvisioner?: SandboxProvisioner;
  /** Writes the server's log (debug and up, one access line per request) there, as JSON or pretty. */
  logTo?: { destination: NodeJS.WritableStream; pretty?: boolean };
};

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}) {
  verifyListShapes(true);
  const { database, drop } = await openTestDatabase();
  await options.beforeMigrate?.(database);
  const clock = createTestClock(new Date());
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      ENCRYPTION_KEY: 'test-encryption-key-test-encryption-key-0123',
      SERVICE_TOKENS: TEST_SERVICE_TOKEN,
      WEB_DIST: '/nonexistent',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
    overrides,
  );
  const log = options.logTo
    ? createLogger('debug', { ...options.logTo, colorize: false })
    : createLogger(process.env.TEST_LOG ?? 'silent');
  const redisPrefix = `test:${randomBytes(4).toString('hex')}`;
  const ctx = await createContext(config, {
    database,
    clock,
    log,
    redisPrefix,
    limits: options.limits,
    sandboxProvisioner: options.sandboxProvisioner,
  });
  const app = await buildApp(ctx, options.logTo ? { accessLog: 'info' } : { logger: false });
  await app.ready();
  // With REDIS_URL, sessions are cached only once the cache hears other instances' sign-outs: wait
  // for that, so that a test's first requests meet the cache as a running server's do.
  await Promise.race([ctx.sessions.listening, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  let counter = 0;

  const helpers = {
    app,
    ctx,
    clock,
    /** An anonymous client with its own cookie jar. */
    client: () => createClient(app),
    /** A platform service: no session, the test bearer token on every request. */
    service: (token = TEST_SERVICE_TOKEN) => createClient(app, { authorization: `Bearer ${token}` }),
    async createUser(input: Partial<NewUser> = {}) {
      counter++;
      return createUserWithPassword(ctx, {
        name: input.name ?? `User ${counter}`,
        email: input.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
        password: input.password ?? TEST_PASSWORD,
        ...input,
      });
    },
    /** A signed-in client for a user created with the test password. */
    async asUser(user: { email: string }) {
      const client = createClient(app);
      const res = await client.post('/api/v1/auth/sign_in', { email: user.email, password: TEST_PASSWORD });
      if (res.statusCode !== 200) throw new Error(`sign in failed: ${res.statusCode} ${res.body}`);
      return client;
    },
    async asNewUser(input: Partial<NewUser> = {}) {
      const user = await helpers.createUser(input);
      return { user, client: await helpers.asUser(user) };
    },
    /** Runs every due background job now. */
    drainJobs: () => ctx.jobs.drain(ctx),
    /** The outbox rows of one mail template sent to an address, after running the mail jobs. */
    async mailsOf(template: string, to: string) {
      await helpers.drainJobs();
      return ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.template, template), eq(mailOutbox.to, to.toLowerCase())));
    },
    /**
     * The tokens of the mail links `/<path>?token=` (or `/<path>/<token>`) sent to an address, after
     * running the mail jobs; newest first.
     */
    async mailedTokens(email: string, path: string): Promise<string[]> {
      await helpers.drainJobs();
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email.toLowerCase()))
        .orderBy(desc(mailOutbox.createdAt));
      const link = new RegExp(`/${path}(?:\\?token=|/)([^\\s&"]+)`);
      return rows.flatMap((row) => {
        const match = link.exec(row.text);
        return match ? [decodeURIComponent(match[1]!)] : [];
      });
    },
    /** Runs `block` with some of this app's limits lowered, then puts them back. */
    async withLimits<T>(limits: Partial<Limits>, block: () => Promise<T>): Promise<T> {
      const previous = ctx.limits;
      ctx.limits = { ...previous, ...limits };
      try {
        return await block();
      } finally {
        ctx.limits = previous;
      }
    },
    async close() {
      await app.close();
      await ctx.close();
      await drop();
      await clearRedisKeys(redisPrefix);
    },
  };
  return helpers;
}

export type TestClient = ReturnType<typeof createClient>;

/** Wraps app.inject with a cookie jar and the CSRF header, like a browser session. */
export function createClient(
  app: Awaited<ReturnType<typeof buildApp>>,
  /** Sent with every request (a service's `authorization`). */
  defaultHeaders: Record<string, string> = {},
) {
  const jar = new Map<string, string>();
  let csrf: string | undefined;

  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: LightMyRequestResponse) => {
    for (const cookie of res.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now()) ||
        cookie.value === '';
      if (expired) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
      // CSRF tokens are bound to the session: a new (or ended) session needs a new token.
      if (cookie.name.endsWith('session_token')) csrf = undefined;
    }
  };

  async function request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      ...defaultHeaders,
      ...(options.headers as Record<string, string>),
    };
    if (method !== 'GET' && options.csrf !== false) {
      if (!csrf) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/config',
          headers: { cookie: cookieHeader() },
        });
        remember(res);
        csrf = res.json().csrf_token;
      }
      headers['x-csrf-token'] = csrf!;
    }
    if (jar.size) headers.cookie = cookieHeader();
    const res = await app.inject({ ...options, headers });
    remember(res);
    return res;
  }

  return {
    request,
    get: (url: string, headers: Record<string, string> = {}) => request({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) =>
      request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    put: (url: string, payload?: unknown) =>
      request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] }),
    patch: (url: string, payload?: unknown) =>
      request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] }),
    delete: (url: string, payload?: unknown) =>
      request({ method: 'DELETE', url, payload: payload as InjectOptions['payload'] }),
    cookies: jar,
  };
}

/** A job run for calling a handler directly, as a worker would; `signal` to give the run up. */
export function testJobRun(id: string, isLastAttempt = false, signal?: AbortSignal): JobRun {
  return { id, isLastAttempt, signal: signal ?? new AbortController().signal };
}
