/**
 * The built-in video host (spec developer-apps §7: "a form (file, …) is posted to a video-hosting service;
 * the result gives hashed_id and name"). Videos are checked by content (MP4 or QuickTime), kept under a
 * random hashed id, and served with byte ranges so browsers can seek. A listing stores the URL built from
 * the hashed id, and only URLs of its own app's videos are accepted.
 */
import { randomBytes } from 'node:crypto';
import { LISTING_MESSAGES, LISTING_VIDEO_MAX_BYTES, type VideoUpload } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { marketplaceVideos } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { formParts, unreadable } from '../../platform/http/form-data.ts';
import { isStorableText } from '../../platform/http/storable-text.ts';
import { discardUpload, type PendingUpload, sniffType, streamUpload } from '../../platform/http/uploads.ts';
import { appListingAccess, requireEdit } from './listings.access.ts';

const VIDEO_TYPES = ['video/mp4', 'video/quicktime'];
const HASHED_ID = /^[a-f0-9]{24}$/;
export const VIDEO_MESSAGES = {
  missing: 'Attach the video in the "file" field',
  tooLarge: `The video must be at most ${LISTING_VIDEO_MAX_BYTES / 1024 / 1024} MB`,
} as const;

export const videoUrl = (config: Config, hashedId: string) => `${config.publicUrl}/api/v1/videos/${hashedId}`;

/** The hashed id a URL of this portal's video host names, or null. */
export function hashedIdFromUrl(config: Config, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, config.publicUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(config.publicUrl).origin || parsed.search || parsed.hash) return null;
  const id = /^\/api\/v1\/videos\/([^/]+)$/.exec(parsed.pathname)?.[1];
  return id && HASHED_ID.test(id) ? id : null;
}

async function findVideo(ctx: AppContext, hashedId: string) {
  if (!HASHED_ID.test(hashedId)) return null;
  const [row] = await ctx.db.select().from(marketplaceVideos).where(eq(marketplaceVideos.hashedId, hashedId));
  return row ?? null;
}

/** A listing's video URL, if it names a video uploaded for this app. */
export async function resolveVideoUrl(ctx: AppContext, appId: string, url: string) {
  const hashedId = hashedIdFromUrl(ctx.config, url);
  const video = hashedId ? await findVideo(ctx, hashedId) : null;
  return video && video.developerAppId === appId
    ? { url: videoUrl(ctx.config, video.hashedId), name: video.name }
    : null;
}

/**
 * `POST /api/v1/videos?developer_app_id=`: multipart with the video in `file` (and an optional
 * `name`). The app's owner and admins, or staff.
 */
export async function uploadVideo(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  request: FastifyRequest,
): Promise<VideoUpload> {
  // Staff reach any app; everyone else must be on it (strangers are told it does not exist).
  const access = await appListingAccess(ctx, { user, staff: user.role === 'admin' }, appId);
  requireEdit(access);
  if (!request.isMultipart()) throw fieldError('file', VIDEO_MESSAGES.missing);
  const storage = ctx.storage;
  let upload: PendingUpload | null = null;
  let name: string | null = null;
  try {
    for await (const part of formParts(request, {
      fileSize: LISTING_VIDEO_MAX_BYTES + 1,
      files: 1,
      fields: 10,
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          continue;
        }
        upload = await streamUpload(storage, part, LISTING_VIDEO_MAX_BYTES).catch((error: unknown) => {
          throw part.file.errored === error ? unreadable(error) : error;
        });
      } else if (part.fieldname === 'name' && isStorableText(String(part.value))) {
        name = String(part.value).trim().slice(0, 255) || null;
      }
    }
    if (!upload) throw fieldError('file', VIDEO_MESSAGES.missing);
    return await hostVideo(ctx, access.app.id, user.id, upload, name);
  } finally {
    await discardUpload(upload);
  }
}

/** Checks a streamed video by content and keeps it under a new hashed id (the caller discards the upload). */
export async function hostVideo(
  ctx: AppContext,
  appId: string,
  uploadedById: string,
  upload: PendingUpload,
  name: string | null,
): Promise<VideoUpload> {
  if (upload.truncated)
    throw new AppError('payload_too_large', VIDEO_MESSAGES.tooLarge, {
      errors: [VIDEO_MESSAGES.tooLarge],
      fields: { file: [VIDEO_MESSAGES.tooLarge] },
    });
  const type = await sniffType(upload, VIDEO_TYPES);
  if (!type) throw fieldError('file', LISTING_MESSAGES.invalidFileType);
  const storage = ctx.storage;
  const hashedId = randomBytes(12).toString('hex');
  const key = `videos/${appId}/${hashedId}.${type.ext}`;
  const videoName = name ?? (upload.filename.replace(/[\\/]/g, '_').slice(0, 255) || `video.${type.ext}`);
  await storage.putFile(key, upload.tempPath);
  try {
    await ctx.db.insert(marketplaceVideos).values({
      hashedId,
      developerAppId: appId,
      name: videoName,
      contentType: type.mime,
      byteSize: upload.size,
      storageKey: key,
      uploadedById,
      createdAt: ctx.clock.now(),
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  return { hashed_id: hashedId, name: videoName, url: videoUrl(ctx.config, hashedId) };
}

/** `Range: bytes=a-b` (one range) → inclusive bounds within the file; null when absent or unusable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end)
    return 'unsatisfiable';
  return { start, end };
}

/** A hosted video (public: the unguessable hashed id is the key), whole or one byte range. */
export async function readVideo(ctx: AppContext, hashedId: string, rangeHeader: string | undefined) {
  const video = await findVideo(ctx, hashedId);
  if (!video) throw notFound('Video');
  const storage = ctx.storage;
  // A range past the end is ignored (RFC 9110 lets a server send the whole file instead).
  const parsed = parseRange(rangeHeader, video.byteSize);
  const range = parsed === 'unsatisfiable' ? null : parsed;
  const file = await storage.read(video.storageKey, range ?? undefined);
  if (!file) throw notFound('Video');
  return { video, range, file };
}
