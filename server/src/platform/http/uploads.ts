/**
 * Uploaded files, the one way: streamed to scratch space under a size cap, checked by their content
 * (magic bytes, never the name or the browser's type; images are measured and decoded in images.ts,
 * videos' containers walked in mp4-container.ts), then moved into storage. App logos, marketplace
 * media and videos all go through here. The name the browser gave a file is only ever shown.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { Storage } from '../storage.ts';
import { isStorableText, unstorableTextError } from './storable-text.ts';

/** An upload streamed to a scratch file, not yet checked. */
export type PendingUpload = {
  tempPath: string;
  /** Longer than the cap: the scratch file holds only its start. */
  truncated: boolean;
  size: number;
  /** The name the browser gave it, made fit to show (see fileNameToShow); never used as a path. */
  filename: string;
};

/** The longest file name kept (in characters), as most file systems allow. */
export const FILE_NAME_MAX_LENGTH = 255;
/** An extension up to this long survives shortening: `….pdf` still says what it is. */
const EXTENSION_MAX_LENGTH = 16;
/**
 * Characters a shown file name drops: C0 and C1 controls (line breaks, escapes) and the bidirectional
 * marks, embeddings, overrides and isolates, with which `photo\u202Egnp.exe` reads as `photoexe.png`.
 */
const UNSHOWN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name of an uploaded file as the portal shows it: its last path segment (the parser already
 * drops directories; a seed or copy may not), without controls or direction overrides, trimmed and
 * shortened to FILE_NAME_MAX_LENGTH characters keeping its extension. '' when nothing is left.
 */
export function fileNameToShow(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const name = last.replace(UNSHOWN, '').trim();
  if (name === '.' || name === '..') return '';
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = chars.lastIndexOf('.');
  const extension = dot > 0 && chars.length - dot <= EXTENSION_MAX_LENGTH ? chars.slice(dot) : [];
  return [...chars.slice(0, FILE_NAME_MAX_LENGTH - extension.length), ...extension].join('').trim();
}

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
 * comes back truncated (a multipart part's own limit marks it the same way). A file name the database
 * cannot store (NUL, an unpaired surrogate) is refused at `field` (422) before anything is written.
 */
export async function streamUpload(
  storage: Storage,
  file: { file: NodeJS.ReadableStream & { truncated?: boolean }; filename?: string },
  { maxBytes = Number.POSITIVE_INFINITY, field = 'file' }: { maxBytes?: number; field?: string } = {},
): Promise<PendingUpload> {
  const filename = file.filename ?? '';
  if (!isStorableText(filename)) {
    file.file.resume();
    throw unstorableTextError([field], field);
  }
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
  return {
    tempPath,
    truncated: over || Boolean(file.file.truncated),
    size,
    filename: fileNameToShow(filename),
  };
}

export const discardUpload = (upload: PendingUpload | null | undefined) =>
  upload ? rm(upload.tempPath, { force: true }) : Promise.resolve();

/** The upload's type from its first bytes, if it is one of `allowed` (MIME types). */
export async function sniffType<Mime extends string>(
  upload: PendingUpload,
  allowed: readonly Mime[],
): Promise<{ mime: Mime; ext: string } | null> {
  const type = await fileTypeFromFile(upload.tempPath).catch(() => undefined);
  const mime = allowed.find((candidate) => candidate === type?.mime);
  return type && mime ? { mime, ext: type.ext } : null;
}

/** Moves the checked upload into storage under `key`. */
export async function keepUpload(storage: Storage, upload: PendingUpload, key: string): Promise<void> {
  await storage.putFile(key, upload.tempPath);
}
