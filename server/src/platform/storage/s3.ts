import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../../config.ts';
import { checkKey, isSafeKey, localTempPath, type Storage } from './contract.ts';

type S3Options = Extract<StorageConfig, { kind: 's3' }>;

/**
 * Up to this size a file goes up in one PutObject streamed from the scratch file (nothing held in
 * memory); above it (videos) in parts of PART_SIZE, PARTS_IN_FLIGHT at a time, so an upload holds
 * at most 16 MiB whatever its size, and a failed part is retried alone.
 */
const SINGLE_PUT_MAX = 16 * 1024 * 1024;
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const PUT_ATTEMPTS = 3;

/** An S3 bucket (or an S3-compatible service) shared by every instance; keys under `prefix/`. */
export function createS3Storage(options: S3Options, dataDir: string): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // S3-compatible services (and the test server) do not all accept the SDK's default since 3.729,
    // a CRC32 trailer on every upload (aws-chunked bodies): checksums only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: PUT_ATTEMPTS,
    requestHandler: {
      connectionTimeout: 5_000,
      // Idle time on a socket, not a cap on a download: a video streams as long as bytes move.
      requestTimeout: 60_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => (options.prefix ? `${options.prefix}/${key}` : key);

  async function putStreamed(Key: string, file: string, size: number): Promise<void> {
    // The SDK cannot replay a stream it has consumed, so a failed PUT is sent again from the file.
    for (let attempt = 1; ; attempt++) {
      const Body = createReadStream(file);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: size }));
        return;
      } catch (error) {
        if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw error;
        await delay(100 * attempt);
      } finally {
        Body.destroy();
      }
    }
  }

  return {
    async putFile(key, tempFile) {
      const Key = objectKey(checkKey(key));
      const { size } = await stat(tempFile);
      if (size <= SINGLE_PUT_MAX) await putStreamed(Key, tempFile, size);
      else
        await new Upload({
          client,
          params: { Bucket, Key, Body: createReadStream(tempFile) },
          partSize: PART_SIZE,
          queueSize: PARTS_IN_FLIGHT,
        }).done();
      await rm(tempFile, { force: true });
    },
    async read(key, range) {
      if (!isSafeKey(key)) return null;
      let res: Awaited<ReturnType<typeof getObject>>;
      try {
        res = await getObject(objectKey(key), range);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stream = res.Body as Readable | undefined;
      if (!stream) throw new Error(`S3 answered no body for ${key}`);
      const size = range ? sizeOfRange(res.ContentRange, range) : res.ContentLength;
      if (size === undefined) {
        stream.destroy();
        // Never bytes other than those asked for (a service that ignored the range): the client
        // would take them for the range.
        throw new Error(`S3 answered ${key} with Content-Range ${res.ContentRange}, not the range asked for`);
      }
      return { stream, size };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(checkKey(key)) }));
    },
    tempPath: (name) => localTempPath(dataDir, name),
    close: () => client.destroy(),
  };

  function getObject(Key: string, range: { start: number; end: number } | undefined) {
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    return client.send(new GetObjectCommand({ Bucket, Key, Range }));
  }
}

type SdkError = { name?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };

/** A missing object: the same null as a missing file on disk (the routes answer 404). */
function isMissing(error: unknown): boolean {
  const err = error as SdkError;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/** Worth sending again: no answer at all (a dropped connection), a 5xx, or what the SDK calls retryable. */
function isTransient(error: unknown): boolean {
  const err = error as SdkError;
  const status = err.$metadata?.httpStatusCode;
  return Boolean(err.$retryable) || status === undefined || status >= 500;
}

/** `bytes 0-4/1234` for the range 0–4 → 1234; undefined when it is not the range asked for. */
function sizeOfRange(contentRange: string | undefined, range: { start: number; end: number }) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
  if (!match || Number(match[1]) !== range.start || Number(match[2]) !== range.end) return undefined;
  return Number(match[3]);
}
