import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { LOGO_MAX_BYTES, LOGO_MAX_DIMENSION, LOGO_RECOMMENDED_MIN_SIZE } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, fieldError } from '../../platform/errors.ts';
import { decodeImage, ImageRefused, measureImage } from '../../platform/http/images.ts';
import { keepUpload, type PendingUpload, sniffType } from '../../platform/http/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import type { NewDeveloperAppRow } from './apps.repo.ts';

export const LOGO_TYPE_MESSAGE = 'The logo must be a JPEG or PNG image';
export const LOGO_SIZE_MESSAGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`;
export { LOGO_MAX_DIMENSION };
export const LOGO_DIMENSION_MESSAGE = `The logo must be at most ${LOGO_MAX_DIMENSION}×${LOGO_MAX_DIMENSION} pixels`;
export const LOGO_CORRUPT_MESSAGE = 'The logo could not be read: the file is damaged or incomplete';
export const LOGO_ONE_FILE_MESSAGE = 'Upload a single logo file';
export const LOGO_NOTICE = `For best results use a square logo larger than ${LOGO_RECOMMENDED_MIN_SIZE}×${LOGO_RECOMMENDED_MIN_SIZE} pixels.`;

export type StoredLogo = { key: string; type: string; width: number; height: number; notice: string | null };

const IMAGE_MESSAGES = {
  unreadable: LOGO_TYPE_MESSAGE,
  too_large: LOGO_DIMENSION_MESSAGE,
  corrupt: LOGO_CORRUPT_MESSAGE,
} as const;

async function checkedLogo(upload: PendingUpload, mime: 'image/png' | 'image/jpeg') {
  const size = await measureImage(upload);
  if (size.width > LOGO_MAX_DIMENSION || size.height > LOGO_MAX_DIMENSION)
    throw new ImageRefused('too_large');
  await decodeImage(upload, mime, size);
  return size;
}

/** Checks the upload by its content (not its name), then moves it into storage. */
export async function storeLogo(storage: Storage, appId: string, upload: PendingUpload): Promise<StoredLogo> {
  try {
    if (upload.truncated)
      throw new AppError('payload_too_large', LOGO_SIZE_MESSAGE, {
        errors: [LOGO_SIZE_MESSAGE],
        fields: { thumbnail: [LOGO_SIZE_MESSAGE] },
      });
    const type = await sniffType(upload, ['image/png', 'image/jpeg'] as const);
    if (!type) throw fieldError('thumbnail', LOGO_TYPE_MESSAGE);
    // Measured from the header and refused past the limit before a pixel is decoded.
    const { width, height } = await checkedLogo(upload, type.mime).catch((error: unknown) => {
      throw error instanceof ImageRefused ? fieldError('thumbnail', IMAGE_MESSAGES[error.problem]) : error;
    });
    const key = `logos/${appId}/${randomUUID()}.${type.ext}`;
    await keepUpload(storage, upload, key);
    const recommended = width === height && width > LOGO_RECOMMENDED_MIN_SIZE;
    return { key, type: type.mime, width, height, notice: recommended ? null : LOGO_NOTICE };
  } finally {
    await rm(upload.tempPath, { force: true });
  }
}

/** The app's logo columns after an upload (`logo`) or a removal; nothing when neither. */
export function logoColumns(logo: StoredLogo | null, removing: boolean): Partial<NewDeveloperAppRow> {
  if (logo)
    return {
      thumbnailKey: logo.key,
      thumbnailType: logo.type,
      thumbnailWidth: logo.width,
      thumbnailHeight: logo.height,
    };
  if (removing)
    return { thumbnailKey: null, thumbnailType: null, thumbnailWidth: null, thumbnailHeight: null };
  return {};
}

// The logo's bytes as stored (checked to be a PNG or JPEG on upload), documented per image type.
const logoBytes = { schema: z.unknown().describe('The image file') };
export const LogoResponse = {
  description: 'The logo',
  content: { 'image/png': logoBytes, 'image/jpeg': logoBytes },
};

/** Streams a stored logo with its checked type; the browser may not guess another. */
export function sendLogo(
  reply: FastifyReply,
  file: { stream: unknown; size: number; type: string; key: string },
): FastifyReply {
  return reply
    .header('Content-Type', file.type)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', `inline; filename="${file.key.split('/').pop()}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600')
    .send(file.stream);
}
