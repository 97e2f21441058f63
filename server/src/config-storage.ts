// Where uploads live (STORAGE_URL): the folder under DATA_DIR, or an S3 bucket.
import { ConfigError, type Env } from './config-env.ts';

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

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+)*$/i;
const STORAGE_PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/** STORAGE_URL: unset → the disk under DATA_DIR; `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`. */
export function parseStorage(e: Env): StorageConfig {
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
