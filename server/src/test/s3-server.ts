// An S3-compatible server in this process (no S3 service can be installed here), for the storage
// contract tests, the API test of uploads on S3 and the cluster suite. Its data lives in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { StorageConfig } from '../config.ts';

/** The test server's built-in account (any other key is refused). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for a portal using this server's bucket under `prefix`. */
  storageUrl(prefix?: string): string;
  /** The same as config (createTestApp's `storage` override). */
  storageConfig(prefix?: string): StorageConfig;
  /** The env a portal process needs for it (STORAGE_URL and the AWS key variables). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
};

export async function startS3TestServer(bucket = 'portal-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  // The bucket is made by the server itself: its signature check refuses the SDK's CreateBucket.
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = (prefix = '') =>
    `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`;
  return {
    endpoint,
    bucket,
    storageUrl,
    storageConfig: (prefix = '') => ({
      kind: 's3',
      bucket,
      prefix,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    }),
    env: (prefix) => ({
      STORAGE_URL: storageUrl(prefix),
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
