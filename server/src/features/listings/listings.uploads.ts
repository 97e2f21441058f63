/**
 * A listing's uploaded file checked by content and dimensions (spec developer-apps §5) before it is stored.
 */
import {
  LISTING_LOGO_SIZE,
  LISTING_MESSAGES,
  SCREENSHOT_MAX_HEIGHT,
  SCREENSHOT_MAX_WIDTH,
  SCREENSHOT_MIN_HEIGHT,
  SCREENSHOT_MIN_WIDTH,
} from '@portal/contracts';
import { AppError } from '../../platform/errors.ts';
import { decodeImage, ImageRefused, type ImageSize, measureImage } from '../../platform/http/images.ts';
import { sniffType } from '../../platform/http/uploads.ts';
import type { FileKind, FormUpload } from './listings.form.ts';

export const MEDIA_MESSAGES = {
  invalidType: LISTING_MESSAGES.invalidFileType,
  logoSize: `The logo must be a ${LISTING_LOGO_SIZE}x${LISTING_LOGO_SIZE} PNG`,
  logoBackground: 'The logo background must be transparent or white',
  screenshotSize: `Screenshots must be between ${SCREENSHOT_MIN_WIDTH}x${SCREENSHOT_MIN_HEIGHT} and ${SCREENSHOT_MAX_WIDTH}x${SCREENSHOT_MAX_HEIGHT} pixels`,
  screenshotRatio: 'Screenshots must have an aspect ratio between 4:3 and 16:9',
  corrupt: 'The file could not be read: it is damaged or incomplete',
  tooLarge: (bytes: number) => `The file must be at most ${bytes / 1024 / 1024} MB`,
  missingFile: 'Attach the file (multipart form data)',
  unknownMedia: (id: string) => `Unknown media: ${id}`,
  videoUrl: 'Upload the video first; use the URL the upload returned',
} as const;

const ACCEPTED = {
  logo: ['image/png'],
  picture: ['image/png', 'image/jpeg'],
  document: ['application/pdf'],
} as const satisfies Record<FileKind, readonly string[]>;

export type CheckedFile = {
  upload: FormUpload;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
};

/** A logo's corners must be transparent or (near) white: the spec's "transparent or white background". */
function hasPlainBackground({ width, height }: ImageSize, rgba: Uint8Array | null): boolean {
  if (!rgba) return false;
  const corners = [0, width - 1, (height - 1) * width, height * width - 1];
  return corners.every((pixel) => {
    const [r, g, b, a] = rgba.subarray(pixel * 4, pixel * 4 + 4);
    return a === 0 || (a! >= 250 && r! >= 245 && g! >= 245 && b! >= 245);
  });
}

const ratioFits = (width: number, height: number) => {
  const ratio = width / height;
  return ratio >= 4 / 3 - 0.01 && ratio <= 16 / 9 + 0.01;
};

/** Why the header's dimensions do not fit the field, or null: checked before any pixel is decoded. */
function sizeProblem(kind: 'logo' | 'picture', { width, height }: ImageSize): string | null {
  if (kind === 'logo')
    return width === LISTING_LOGO_SIZE && height === LISTING_LOGO_SIZE ? null : MEDIA_MESSAGES.logoSize;
  const inRange =
    width >= SCREENSHOT_MIN_WIDTH &&
    width <= SCREENSHOT_MAX_WIDTH &&
    height >= SCREENSHOT_MIN_HEIGHT &&
    height <= SCREENSHOT_MAX_HEIGHT;
  if (!inRange) return MEDIA_MESSAGES.screenshotSize;
  return ratioFits(width, height) ? null : MEDIA_MESSAGES.screenshotRatio;
}

const IMAGE_PROBLEMS = {
  unreadable: MEDIA_MESSAGES.invalidType,
  corrupt: MEDIA_MESSAGES.corrupt,
} as const;

/** The upload's problem, or the checked file. A file over its cap is refused at once (413). */
export async function checkUpload(upload: FormUpload, maxBytes: number): Promise<CheckedFile | string> {
  if (upload.truncated)
    throw new AppError('payload_too_large', MEDIA_MESSAGES.tooLarge(maxBytes), {
      errors: [MEDIA_MESSAGES.tooLarge(maxBytes)],
      fields: { [upload.field]: [MEDIA_MESSAGES.tooLarge(maxBytes)] },
    });
  if (upload.kind === 'document') {
    const type = await sniffType(upload, ACCEPTED.document);
    return type ? { upload, ...type, width: null, height: null } : MEDIA_MESSAGES.invalidType;
  }
  const kind = upload.kind;
  const type = await sniffType(upload, ACCEPTED[kind]);
  if (!type) return MEDIA_MESSAGES.invalidType;
  try {
    const size = await measureImage(upload);
    const problem = sizeProblem(kind, size);
    if (problem) return problem;
    const { rgba } = await decodeImage(upload, type.mime, size, { pixels: kind === 'logo' });
    if (kind === 'logo' && !hasPlainBackground(size, rgba)) return MEDIA_MESSAGES.logoBackground;
    return { upload, ...type, ...size };
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    if (error.problem !== 'too_large') return IMAGE_PROBLEMS[error.problem];
    // A decoder out of its memory: the file is past what the field takes, whatever its header says.
    return kind === 'logo' ? MEDIA_MESSAGES.logoSize : MEDIA_MESSAGES.screenshotSize;
  }
}
