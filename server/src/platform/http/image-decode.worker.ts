/**
 * Runs in the image decoder's worker threads (images.ts), never on the request thread: decodes every
 * pixel of a PNG or JPEG whose header was already measured and accepted. pngjs checks each chunk's
 * CRC and inflates no more than the header's size allows; jpeg-js needs every scan up to the end
 * marker. A file damaged, cut short, or decoding to another size than its header said is `corrupt`;
 * what is thrown (the file cannot be read) is the server's problem, not the upload's.
 */
import { readFile } from 'node:fs/promises';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type DecodeTask = {
  path: string;
  mime: 'image/png' | 'image/jpeg';
  /** What the header said (measured before the task was queued). */
  width: number;
  height: number;
  /** Answer the RGBA pixels too (PNG only). */
  pixels: boolean;
};

export type DecodeResult = { corrupt: true } | { corrupt: false; rgba: Uint8Array | null };

function decodePixels(
  bytes: Buffer,
  task: DecodeTask,
): { width: number; height: number; rgba: Buffer | null } {
  if (task.mime === 'image/png') {
    const decoded = PNG.sync.read(bytes, { checkCRC: true });
    return { width: decoded.width, height: decoded.height, rgba: decoded.data };
  }
  const megapixels = Math.max(1, Math.ceil((task.width * task.height) / 1e6));
  const decoded = jpeg.decode(bytes, {
    maxResolutionInMP: megapixels,
    maxMemoryUsageInMB: 16 + megapixels * 8,
    formatAsRGBA: false,
  });
  return { width: decoded.width, height: decoded.height, rgba: null };
}

export default async function decode(task: DecodeTask): Promise<DecodeResult> {
  const bytes = await readFile(task.path);
  let decoded: ReturnType<typeof decodePixels>;
  try {
    decoded = decodePixels(bytes, task);
  } catch {
    return { corrupt: true };
  }
  if (decoded.width !== task.width || decoded.height !== task.height) return { corrupt: true };
  return { corrupt: false, rgba: task.pixels ? decoded.rgba : null };
}
