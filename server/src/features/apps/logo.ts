import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { LOGO_MAX_BYTES, LOGO_RECOMMENDED_MIN_SIZE } from '@portal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';

export const LOGO_TYPE_MESSAGE = 'The logo must be a JPEG or PNG image';
export const LOGO_SIZE_MESSAGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`;
export const LOGO_MAX_DIMENSION = 4096;
export const LOGO_DIMENSION_MESSAGE = `The logo must be at most ${LOGO_MAX_DIMENSION}×${LOGO_MAX_DIMENSION} pixels`;
export const LOGO_CORRUPT_MESSAGE = 'The logo could not be read: the file is damaged or incomplete';
export const LOGO_ONE_FILE_MESSAGE = 'Upload a single logo file';
export const LOGO_NOTICE = `For best results use a square logo larger than ${LOGO_RECOMMENDED_MIN_SIZE}×${LOGO_RECOMMENDED_MIN_SIZE} pixels.`;

/** An upload streamed to a scratch file, not yet checked. */
export type PendingUpload = { tempPath: string; truncated: boolean };

/** Streams one multipart file to scratch space, stopping at the logo size cap. */
export async function streamUpload(storage: Storage, file: MultipartFile): Promise<PendingUpload> {
  const tempPath = await storage.tempPath(`${randomUUID()}.upload`);
  try {
    await pipeline(file.file, createWriteStream(tempPath));
  } catch (error) {
    // A file cut short leaves no scratch file behind.
    await rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, truncated: file.file.truncated };
}

export type StoredLogo = { key: string; type: string; width: number; height: number; notice: string | null };

/**
 * Measures the image, then decodes every pixel (pngjs checks each chunk's CRC and inflates the data;
 * jpeg-js needs every scan up to the end marker), so a truncated or corrupt file is refused even when
 * its header looks right. Dimensions are capped first so a small file cannot inflate into gigabytes.
 */
function decodeImage(bytes: Buffer, mime: 'image/png' | 'image/jpeg'): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw fieldError('thumbnail', LOGO_TYPE_MESSAGE);
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width > LOGO_MAX_DIMENSION || height > LOGO_MAX_DIMENSION)
    throw fieldError('thumbnail', LOGO_DIMENSION_MESSAGE);
  try {
    const decoded =
      mime === 'image/png'
        ? PNG.sync.read(bytes, { checkCRC: true })
        : jpeg.decode(bytes, { maxResolutionInMP: 17, maxMemoryUsageInMB: 128, formatAsRGBA: false });
    if (decoded.width !== width || decoded.height !== height) throw new Error('size mismatch');
  } catch {
    throw fieldError('thumbnail', LOGO_CORRUPT_MESSAGE);
  }
  return { width, height };
}

/** Checks the upload by its content (not its name), then moves it into storage. */
export async function storeLogo(storage: Storage, appId: string, upload: PendingUpload): Promise<StoredLogo> {
  try {
    if (upload.truncated)
      throw new AppError('payload_too_large', LOGO_SIZE_MESSAGE, {
        errors: [LOGO_SIZE_MESSAGE],
        fields: { thumbnail: [LOGO_SIZE_MESSAGE] },
      });
    const bytes = await readFile(upload.tempPath);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || (type.mime !== 'image/png' && type.mime !== 'image/jpeg'))
      throw fieldError('thumbnail', LOGO_TYPE_MESSAGE);
    const { width, height } = decodeImage(bytes, type.mime);
    const key = `logos/${appId}/${randomUUID()}.${type.ext}`;
    await storage.putFile(key, upload.tempPath);
    const recommended = width === height && width > LOGO_RECOMMENDED_MIN_SIZE;
    return { key, type: type.mime, width, height, notice: recommended ? null : LOGO_NOTICE };
  } finally {
    await rm(upload.tempPath, { force: true });
  }
}
