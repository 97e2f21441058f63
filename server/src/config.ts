import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value),
    );

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  OUTBOX_DELIVERY: flag(false),
  MAIL_FROM: z.string().default('Developer Portal <no-reply@developers.localhost>'),
  PUBLIC_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: flag(true),
  DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  FEDRAMP: flag(false),
  RESTRICTED_GOVERNMENT: flag(false),
  SECURITY_QUESTIONNAIRE: flag(false),
  SEMANTIC_VERSIONS: flag(true),
  PLATFORM_NAME: z.string().min(1).default('Procore'),
  REFERENCE_EXTERNAL_URL: optionalUrl,
  REFERENCE_EXTERNAL_LABEL: z.string().default('Construction Network API'),
  MARKETPLACE_PARTNER_FORM_URL: z
    .url()
    .default('https://www.procore.com/partners/marketplace-listing-request'),
  MARKETPLACE_NEW_PARTNER_FORM_URL: z.url().default('https://www.procore.com/partners/become-a-partner'),
  DEV_API_BASE_URL: z.string().default('https://sandbox.procore.com'),
  OAUTH_PRODUCTION_PREFIX: z
    .string()
    .regex(/^\/[a-z0-9][a-z0-9_-]{0,40}$/, 'must be one path segment such as /production')
    .refine((value) => !['/api', '/oauth', '/rest', '/assets'].includes(value), 'is a path the portal uses')
    .default('/production'),
  BRANCH: z.string().default('main'),
  TIME_ZONE: z.string().default('UTC'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag(false),
  SANDBOX_BASE_URL: z.url().default('https://sandbox.procore.com'),
  SANDBOX_PROVISION_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  PRODUCTION_ACCESS_AUTO_APPROVE: flag(false),
  TERMS_FILE: z.string().optional(),
  QA_HOST: z.string().max(500).optional(),
  QUOTA_INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
  READINESS_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  STORAGE_URL: z.string().optional(),
  INSTANCE_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable ASCII characters without spaces')
    .optional(),
  // The AWS SDK's standard names, read here (the only reader of process.env) for STORAGE_URL=s3://…
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  TERMS_MARKDOWN: z.string().optional(),
  ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((key) => key.trim()) : undefined))
    .pipe(z.array(z.string().min(32, 'each key must be at least 32 characters')).optional()),
  SERVICE_TOKENS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((token) => token.trim()) : []))
    .pipe(
      z.array(
        z
          .string()
          .min(32, 'each token must be at least 32 characters')
          .regex(/^[\x21-\x7e]+$/, 'each token must be printable ASCII without spaces'),
      ),
    ),
});

/**
 * Where uploads live: the folder under DATA_DIR (the default), or an S3 bucket (STORAGE_URL=s3://…),
 * which every instance of a deployment shares.
 */
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Keys are stored under it (`<prefix>/logos/…`); '' for the bucket's root. */
      prefix: string;
      region: string;
      /** An S3-compatible service's address (MinIO, R2, …); AWS's own when unset. */
      endpoint: string | undefined;
      /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
      forcePathStyle: boolean;
      /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain (roles, profiles). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Production without SMTP: e-mails (live links included) reach people only through the admin outbox. */
  outboxDelivery: boolean;
  mailFrom: string;
  publicUrl: string;
  sessionSecret: string;
  seedDemo: boolean;
  storage: StorageConfig;
  /** Names this process in every response (`X-Portal-Instance`): which instance behind a balancer answered. */
  instanceId: string;
  /**
   * After SIGTERM, how long `/readyz` answers 503 while requests are still served normally, before the
   * drain starts: at least a balancer's check interval × its fall count, so it stops sending here
   * first. PostgreSQL deployments run behind a balancer (2 s by default); the embedded one does not (0).
   */
  readinessDrainMs: number;
  demoPassword: string | undefined;
  supportEmail: string;
  fedramp: boolean;
  restrictedGovernment: boolean;
  securityQuestionnaire: boolean;
  semanticVersions: boolean;
  platformName: string;
  referenceExternalUrl: string | undefined;
  referenceExternalLabel: string;
  /** The activation screen's external forms: current partners, and those not yet partners. */
  marketplacePartnerFormUrl: string;
  marketplaceNewPartnerFormUrl: string;
  devApiBaseUrl: string;
  /** The production authorization server and platform API hang under this path (features/oauth). */
  oauthProductionPrefix: string;
  branch: string;
  timeZone: string;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  sandboxBaseUrl: string;
  /** Delay before the built-in provisioner builds a sandbox (the platform norm is ~10 minutes). */
  sandboxProvisionSeconds: number;
  productionAccessAutoApprove: boolean;
  termsFile: string | undefined;
  /** Spec admin §9: on the QA host the rate-limit buckets have one server, Staging. */
  qaHost: string | undefined;
  /**
   * How many portal instances share the rate-limit buckets: when Redis is down each decides alone at
   * limit ÷ this (features/quota, docs/decisions.md "Rate-limit buckets").
   */
  quotaInstances: number;
  termsMarkdown: string | undefined;
  /**
   * Seal sandbox secrets (and token-bearing mail payloads) at rest. The first encrypts; every one
   * decrypts, so a new key can be rolled out before it is put first (rotation without downtime).
   */
  encryptionKeys: string[];
  /**
   * Bearer tokens of the platform's services (the `service` access level: app events, later the
   * quota check and OAuth). Several at once, so a new one is rolled out before the old one goes.
   */
  serviceTokens: string[];
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names the variable and stops start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!isValidTimeZone(e.TIME_ZONE))
    throw new ConfigError(`Invalid configuration:\n  TIME_ZONE: unknown time zone`);
  const dataDir = path.resolve(e.DATA_DIR);
  const base: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    outboxDelivery: e.OUTBOX_DELIVERY,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? '',
    seedDemo: e.SEED_DEMO && e.NODE_ENV !== 'production',
    storage: parseStorage(e),
    instanceId: e.INSTANCE_ID ?? `${hostname()}-${process.pid}`.replace(/[^\x21-\x7e]/g, '_'),
    readinessDrainMs: e.READINESS_DRAIN_MS ?? (e.DATABASE_URL ? 2_000 : 0),
    demoPassword: e.DEMO_PASSWORD,
    supportEmail: e.SUPPORT_EMAIL,
    fedramp: e.FEDRAMP,
    restrictedGovernment: e.RESTRICTED_GOVERNMENT,
    securityQuestionnaire: e.SECURITY_QUESTIONNAIRE,
    semanticVersions: e.SEMANTIC_VERSIONS,
    platformName: e.PLATFORM_NAME,
    referenceExternalUrl: e.REFERENCE_EXTERNAL_URL,
    referenceExternalLabel: e.REFERENCE_EXTERNAL_LABEL,
    marketplacePartnerFormUrl: e.MARKETPLACE_PARTNER_FORM_URL,
    marketplaceNewPartnerFormUrl: e.MARKETPLACE_NEW_PARTNER_FORM_URL,
    devApiBaseUrl: e.DEV_API_BASE_URL,
    oauthProductionPrefix: e.OAUTH_PRODUCTION_PREFIX,
    branch: e.BRANCH,
    timeZone: e.TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    sandboxBaseUrl: e.SANDBOX_BASE_URL.replace(/\/$/, ''),
    sandboxProvisionSeconds: e.SANDBOX_PROVISION_SECONDS,
    productionAccessAutoApprove: e.PRODUCTION_ACCESS_AUTO_APPROVE,
    termsFile: e.TERMS_FILE,
    qaHost: e.QA_HOST || undefined,
    quotaInstances: e.QUOTA_INSTANCES,
    termsMarkdown: e.TERMS_MARKDOWN,
    encryptionKeys: e.ENCRYPTION_KEY ?? [],
    serviceTokens: e.SERVICE_TOKENS,
  };
  const config = { ...base, ...overrides };
  if (config.env === 'production' && !config.smtpUrl && !config.outboxDelivery)
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production. Without it every e-mail, with its live reset and invitation links, is delivered only to the admin outbox; set OUTBOX_DELIVERY=true to allow that.',
    );
  if (!config.sessionSecret) config.sessionSecret = readOrCreateSecret(config.dataDir, 'session-secret');
  if (!config.encryptionKeys.length) {
    // A key beside the data it protects only suits a demo: production must bring its own.
    if (config.env === 'production')
      throw new ConfigError(
        'Invalid configuration:\n  ENCRYPTION_KEY: required in production (at least 32 characters, kept outside DATA_DIR and the database)',
      );
    config.encryptionKeys = [readOrCreateSecret(config.dataDir, 'encryption-key')];
  }
  return config;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/i;
const STORAGE_PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/** STORAGE_URL: unset → the disk under DATA_DIR; `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`. */
function parseStorage(e: z.infer<typeof EnvSchema>): StorageConfig {
  const raw = e.STORAGE_URL?.trim();
  if (!raw) return { kind: 'disk' };
  const refuse = (why: string) => new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${why}`);
  const url = URL.parse(raw);
  if (url?.protocol !== 's3:')
    throw refuse('must be s3://bucket[/prefix] (leave it unset for the folder under DATA_DIR)');
  if (url.username || url.password)
    throw refuse('carries no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  if (!BUCKET.test(url.hostname)) throw refuse(`"${url.hostname}" is not a valid bucket name`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && (!PREFIX.test(prefix) || prefix.split('/').some((part) => /^\.+$/.test(part))))
    throw refuse(`"${prefix}" is not a usable key prefix (letters, digits, _ . - and /)`);
  for (const name of url.searchParams.keys())
    if (!STORAGE_PARAMS.has(name))
      throw refuse(`unknown parameter "${name}" (endpoint, region, forcePathStyle)`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? ''))
    throw refuse('endpoint must be an http(s) URL');
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) throw refuse('forcePathStyle must be true or false');
  const keyId = e.AWS_ACCESS_KEY_ID || undefined;
  const secret = e.AWS_SECRET_ACCESS_KEY || undefined;
  if (Boolean(keyId) !== Boolean(secret))
    throw refuse('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix,
    region: url.searchParams.get('region') || e.AWS_REGION || e.AWS_DEFAULT_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle === 'true',
    credentials:
      keyId && secret
        ? {
            accessKeyId: keyId,
            secretAccessKey: secret,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A generated secret kept under DATA_DIR so restarts keep it without configuration. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process starting on the same directory wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
      throw error;
    }
    return secret;
  }
}
