// The environment the portal reads, as a schema: every variable, its type and its default.
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

export const EnvSchema = z.object({
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
export type Env = z.infer<typeof EnvSchema>;

/** A configuration no code change can fix: the message names the variable, and start-up stops. */
export class ConfigError extends Error {}
