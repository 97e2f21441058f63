/**
 * Uploaded files, the one way: streamed to scratch space under a size cap, checked by their content
 * (magic bytes, never the name or the browser's type), images measured and decoded to the last
 * byte, then moved into storage. App logos and marketplace media both go through here.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Storage } from '../storage.ts';

/** An upload streamed to a scratch file, not yet checked. */
export type PendingUpload = {
  tempPath: string;
  /** Longer than the cap: the scratch file holds only its start. */
  truncated: boolean;
  size: number;
  /** The name the browser gave it (display only; never used as a path). */
  filename: string;
};

/** A stream that ends early (marking the upload truncated) once `maxBytes` have gone through. */
function capped(maxBytes: number, onOver: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        onOver();
        // Keep draining the source (so the request can finish) but write nothing more.
        const room = Math.max(0, maxBytes - (seen - chunk.length));
        done(null, room > 0 ? chunk.subarray(0, room) : undefined);
        return;
      }
      done(null, chunk);
    },
  });
}

/**
 * Streams one file to scratch space. Past `maxBytes` the rest is read and dropped, and the upload
 * comes back truncated (a multipart part's own limit marks it the same way).
 */
export async function streamUpload(
  storage: Storage,
  file: { file: NodeJS.ReadableStream & { truncated?: boolean }; filename?: string },
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<PendingUpload> {
  const tempPath = await storage.tempPath(`${randomUUID()}.upload`);
  let over = false;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      file.file,
      capped(maxBytes, () => {
        over = true;
      }),
      counter,
      createWriteStream(tempPath),
    );
  } catch (error) {
    // A file cut short leaves no scratch file behind.
    await rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, truncated: over || Boolean(file.file.truncated), size, filename: file.filename ?? '' };
}

export const discardUpload = (upload: PendingUpload | null | undefined) =>
  upload ? rm(upload.tempPath, { force: true }) : Promise.resolve();

/** The upload's type from its first bytes, if it is one of `allowed` (MIME types). */
export async function sniffType(
  upload: PendingUpload,
  allowed: readonly string[],
): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromFile(upload.tempPath).catch(() => undefined);
  return type && allowed.includes(type.mime) ? { mime: type.mime, ext: type.ext } : null;
}

export type DecodedImage = {
  width: number;
  height: number;
  /** RGBA pixels (PNG only), for checks such as a logo's background. */
  rgba: Buffer | null;
};

export type ImageProblem = 'unreadable' | 'too_large' | 'corrupt';

/** Why an image was refused; callers turn it into their field's message. */
export class ImageRefused extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(problem);
    this.problem = problem;
  }
}

/**
 * Measures the image, then decodes every pixel (pngjs checks each chunk's CRC and inflates the data;
 * jpeg-js needs every scan up to the end marker), so a truncated or corrupt file is refused even when
 * its header looks right. Dimensions are capped first so a small file cannot inflate into gigabytes.
 */
export function decodeImage(bytes: Buffer, mime: string, maxDimension: number): DecodedImage {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new ImageRefused('unreadable');
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width > maxDimension || height > maxDimension) throw new ImageRefused('too_large');
  try {
    if (mime === 'image/png') {
      const decoded = PNG.sync.read(bytes, { checkCRC: true });
      if (decoded.width !== width || decoded.height !== height) throw new Error('size mismatch');
      return { width, height, rgba: decoded.data };
    }
    const decoded = jpeg.decode(bytes, {
      maxResolutionInMP: 17,
      maxMemoryUsageInMB: 128,
      formatAsRGBA: false,
    });
    if (decoded.width !== width || decoded.height !== height) throw new Error('size mismatch');
    return { width, height, rgba: null };
  } catch {
    throw new ImageRefused('corrupt');
  }
}

/** Reads a checked image upload and decodes it (see decodeImage). */
export async function readImage(upload: PendingUpload, mime: string, maxDimension: number) {
  return decodeImage(await readFile(upload.tempPath), mime, maxDimension);
}

/** Moves the checked upload into storage under `key`. */
export async function keepUpload(storage: Storage, upload: PendingUpload, key: string): Promise<void> {
  await storage.putFile(key, upload.tempPath);
}
