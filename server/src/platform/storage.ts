import type { Config } from '../config.ts';
import type { Storage } from './storage/contract.ts';
import { createDiskStorage } from './storage/disk.ts';
import { createS3Storage } from './storage/s3.ts';

export type { Storage } from './storage/contract.ts';
export { createDiskStorage } from './storage/disk.ts';
export { createS3Storage } from './storage/s3.ts';
export { sweepTempFiles } from './storage/sweep.ts';

/**
 * The portal's one store (`ctx.storage`), chosen by config: the folder under DATA_DIR by default,
 * an S3 bucket with STORAGE_URL=s3://… (what several instances share). Scratch files of uploads being
 * checked stay under DATA_DIR either way.
 */
export function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage, config.dataDir)
    : createDiskStorage(config.dataDir);
}
