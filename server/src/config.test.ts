import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-config-'));

test('defaults read as the spec has them', () => {
  const config = loadConfig({ DATA_DIR: dataDir() });
  assert.equal(config.port, 3000);
  assert.equal(config.platformName, 'Procore');
  assert.equal(config.fedramp, false);
  assert.equal(config.publicUrl, 'http://localhost:3000');
});

test('a bad value stops start-up naming the variable', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() }),
    (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /PORT/);
      return true;
    },
  );
  assert.throws(() => loadConfig({ FEDRAMP: 'maybe', DATA_DIR: dataDir() }), /FEDRAMP/);
  assert.throws(() => loadConfig({ SMTP_URL: 'not a url', DATA_DIR: dataDir() }), /SMTP_URL/);
  assert.throws(() => loadConfig({ TIME_ZONE: 'Mars/Base', DATA_DIR: dataDir() }), /TIME_ZONE/);
});

test('the session secret is generated once and kept under DATA_DIR', () => {
  const dir = dataDir();
  const first = loadConfig({ DATA_DIR: dir });
  const second = loadConfig({ DATA_DIR: dir });
  assert.ok(first.sessionSecret.length >= 32);
  assert.equal(first.sessionSecret, second.sessionSecret);
  assert.equal(readFileSync(path.join(dir, 'session-secret'), 'utf8'), first.sessionSecret);
});

const PRODUCTION = {
  NODE_ENV: 'production',
  ENCRYPTION_KEY: 'production-key-production-key-production-key',
  SMTP_URL: 'smtp://mail.example.com:587',
} as const;

test('demo seeding is off in production', () => {
  assert.equal(loadConfig({ ...PRODUCTION, DATA_DIR: dataDir() }).seedDemo, false);
  assert.equal(loadConfig({ SEED_DEMO: 'false', DATA_DIR: dataDir() }).seedDemo, false);
});

test('production needs its own encryption key; elsewhere one is generated under DATA_DIR', () => {
  const { ENCRYPTION_KEY: _, ...withoutKey } = PRODUCTION;
  assert.throws(
    () => loadConfig({ ...withoutKey, DATA_DIR: dataDir() }),
    /ENCRYPTION_KEY: required in production/,
  );
  const dir = dataDir();
  const dev = loadConfig({ DATA_DIR: dir });
  assert.equal(dev.encryptionKeys.length, 1);
  assert.equal(readFileSync(path.join(dir, 'encryption-key'), 'utf8'), dev.encryptionKeys[0]);
  assert.notEqual(dev.encryptionKeys[0], dev.sessionSecret);
});

test('ENCRYPTION_KEY takes a comma-separated list for rotation, each key at least 32 characters', () => {
  const a = 'a'.repeat(32);
  const b = 'b'.repeat(40);
  assert.deepEqual(loadConfig({ ENCRYPTION_KEY: `${b}, ${a}`, DATA_DIR: dataDir() }).encryptionKeys, [b, a]);
  assert.throws(() => loadConfig({ ENCRYPTION_KEY: `${b},short`, DATA_DIR: dataDir() }), /ENCRYPTION_KEY\.1/);
});

test('production without SMTP is refused unless outbox delivery is asked for', () => {
  const { SMTP_URL: _, ...withoutSmtp } = PRODUCTION;
  assert.throws(
    () => loadConfig({ ...withoutSmtp, DATA_DIR: dataDir() }),
    /SMTP_URL: required in production/,
  );
  const allowed = loadConfig({ ...withoutSmtp, OUTBOX_DELIVERY: 'true', DATA_DIR: dataDir() });
  assert.equal(allowed.smtpUrl, undefined);
  assert.equal(allowed.outboxDelivery, true);
  assert.equal(loadConfig({ DATA_DIR: dataDir() }).smtpUrl, undefined, 'development keeps the outbox');
});

test("the marketplace activation screen's partner forms are configurable and must be URLs", () => {
  const config = loadConfig({
    DATA_DIR: dataDir(),
    MARKETPLACE_PARTNER_FORM_URL: 'https://forms.example.com/listing',
    MARKETPLACE_NEW_PARTNER_FORM_URL: 'https://forms.example.com/join',
  });
  assert.equal(config.marketplacePartnerFormUrl, 'https://forms.example.com/listing');
  assert.equal(config.marketplaceNewPartnerFormUrl, 'https://forms.example.com/join');
  assert.match(loadConfig({ DATA_DIR: dataDir() }).marketplacePartnerFormUrl, /^https:\/\//);
  assert.throws(
    () => loadConfig({ DATA_DIR: dataDir(), MARKETPLACE_PARTNER_FORM_URL: 'not a url' }),
    /MARKETPLACE_PARTNER_FORM_URL/,
  );
});

test('SERVICE_TOKENS: none by default; a comma-separated list, each at least 32 printable characters', () => {
  assert.deepEqual(loadConfig({ DATA_DIR: dataDir() }).serviceTokens, []);
  const a = 'a'.repeat(32);
  const b = 'b'.repeat(40);
  assert.deepEqual(loadConfig({ DATA_DIR: dataDir(), SERVICE_TOKENS: `${a}, ${b}` }).serviceTokens, [a, b]);
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), SERVICE_TOKENS: `${a},short` }), /SERVICE_TOKENS/);
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), SERVICE_TOKENS: `${a} ${a}` }), /SERVICE_TOKENS/);
});

test('STORAGE_URL: the disk by default; s3://bucket/prefix with its options; credentials from the AWS variables', () => {
  assert.deepEqual(loadConfig({ DATA_DIR: dataDir() }).storage, { kind: 'disk' });
  const s3 = loadConfig({
    DATA_DIR: dataDir(),
    STORAGE_URL:
      's3://portal-uploads/prod/eu/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
  }).storage;
  assert.deepEqual(s3, {
    kind: 's3',
    bucket: 'portal-uploads',
    prefix: 'prod/eu',
    region: 'eu-west-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  // AWS itself, the region from AWS_REGION, credentials from the SDK's own chain (a role).
  assert.deepEqual(
    loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://bucket', AWS_REGION: 'us-west-2' }).storage,
    {
      kind: 's3',
      bucket: 'bucket',
      prefix: '',
      region: 'us-west-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    },
  );
  const refused = (STORAGE_URL: string, extra: Record<string, string> = {}) =>
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir(), STORAGE_URL, ...extra }),
      /STORAGE_URL: /,
      STORAGE_URL,
    );
  refused('/var/uploads');
  refused('gs://bucket');
  refused('s3://key:secret@bucket');
  refused('s3://UPPER');
  refused('s3://bucket/a%2F..%2Fup');
  refused('s3://bucket/with space');
  refused('s3://bucket?endpont=http://x');
  refused('s3://bucket?endpoint=ftp://x');
  refused('s3://bucket?forcePathStyle=yes');
  refused('s3://bucket', { AWS_ACCESS_KEY_ID: 'only-the-id' });
});

test('INSTANCE_ID names the process in every response; by default its host and pid', () => {
  assert.equal(loadConfig({ DATA_DIR: dataDir() }).instanceId, `${hostname()}-${process.pid}`);
  assert.equal(loadConfig({ DATA_DIR: dataDir(), INSTANCE_ID: 'portal-7f9c-a' }).instanceId, 'portal-7f9c-a');
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), INSTANCE_ID: 'two words' }), /INSTANCE_ID/);
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), INSTANCE_ID: 'x'.repeat(101) }), /INSTANCE_ID/);
});
