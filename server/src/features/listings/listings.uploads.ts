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
import { type DecodedImage, ImageRefused, readImage, sniffType } from '../../platform/http/uploads.ts';
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

const ACCEPTED: Record<FileKind, string[]> = {
  logo: ['image/png'],
  picture: ['image/png', 'image/jpeg'],
  document: ['application/pdf'],
};

export type CheckedFile = {
  upload: FormUpload;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
};

/** A logo's corners must be transparent or (near) white: the spec's "transparent or white background". */
function hasPlainBackground(image: DecodedImage): boolean {
  if (!image.rgba) return false;
  const { width, height, rgba } = image;
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

/** The upload's problem, or the checked file. A file over its cap is refused at once (413). */
export async function checkUpload(upload: FormUpload, maxBytes: number): Promise<CheckedFile | string> {
  if (upload.truncated)
    throw new AppError('payload_too_large', MEDIA_MESSAGES.tooLarge(maxBytes), {
      errors: [MEDIA_MESSAGES.tooLarge(maxBytes)],
      fields: { [upload.field]: [MEDIA_MESSAGES.tooLarge(maxBytes)] },
    });
  const type = await sniffType(upload, ACCEPTED[upload.kind]);
  if (!type) return MEDIA_MESSAGES.invalidType;
  if (upload.kind === 'document') return { upload, ...type, width: null, height: null };
  let image: DecodedImage;
  try {
    image = await readImage(upload, type.mime, 8192);
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    if (error.problem === 'unreadable') return MEDIA_MESSAGES.invalidType;
    if (error.problem === 'too_large')
      return upload.kind === 'logo' ? MEDIA_MESSAGES.logoSize : MEDIA_MESSAGES.screenshotSize;
    return MEDIA_MESSAGES.corrupt;
  }
  const { width, height } = image;
  if (upload.kind === 'logo') {
    if (width !== LISTING_LOGO_SIZE || height !== LISTING_LOGO_SIZE) return MEDIA_MESSAGES.logoSize;
    if (!hasPlainBackground(image)) return MEDIA_MESSAGES.logoBackground;
  } else {
    const inRange =
      width >= SCREENSHOT_MIN_WIDTH &&
      width <= SCREENSHOT_MAX_WIDTH &&
      height >= SCREENSHOT_MIN_HEIGHT &&
      height <= SCREENSHOT_MAX_HEIGHT;
    if (!inRange) return MEDIA_MESSAGES.screenshotSize;
    if (!ratioFits(width, height)) return MEDIA_MESSAGES.screenshotRatio;
  }
  return { upload, ...type, width, height };
}
