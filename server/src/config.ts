import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigError, EnvSchema } from './config-env.ts';
import { parseStorage, type StorageConfig } from './config-storage.ts';

export { ConfigError } from './config-env.ts';
export type { StorageConfig } from './config-storage.ts';

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
