/**
 * Images, measured before they are decoded. The header alone gives the dimensions (image-size reads
 * PNG's IHDR or JPEG's SOF from the first 512 kB), so each caller refuses what is past its field's
 * limit before a pixel is inflated. Decoding, to prove the file whole, happens off the request
 * thread in a small worker pool (piscina) with a heap cap, one image at a time per thread, so a
 * burst of uploads neither stalls other requests nor multiplies memory.
 */
import { availableParallelism } from 'node:os';
import { imageSizeFromFile } from 'image-size/fromFile';
import { Piscina } from 'piscina';
import type { DecodeResult, DecodeTask } from './image-decode.worker.ts';
import type { PendingUpload } from './uploads.ts';

export type ImageProblem = 'unreadable' | 'too_large' | 'corrupt';

/** Why an image was refused; callers turn it into their field's message. */
export class ImageRefused extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(problem);
    this.problem = problem;
  }
}

export type ImageSize = { width: number; height: number };
export type ImageMime = DecodeTask['mime'];

/**
 * No image past this many pixels is ever decoded, whatever its caller allows: 4 MP is twice the
 * largest field's limit (a 1920×1080 screenshot), ≤ 32 MB of pixels even at 16 bits per channel.
 */
export const MAX_DECODED_PIXELS = 4_000_000;

/** The image's dimensions from its header; nothing is decoded. */
export async function measureImage(upload: PendingUpload): Promise<ImageSize> {
  const size = await imageSizeFromFile(upload.tempPath).catch(() => null);
  if (!size?.width || !size.height) throw new ImageRefused('unreadable');
  return { width: size.width, height: size.height };
}

let pool: Piscina<DecodeTask, DecodeResult> | null = null;

function decoderPool(): Piscina<DecodeTask, DecodeResult> {
  pool ??= new Piscina<DecodeTask, DecodeResult>({
    filename: new URL('./image-decode.worker.ts', import.meta.url).href,
    // One core stays with the request thread (and the embedded database's).
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    minThreads: 0,
    idleTimeout: 30_000,
    // Decoding yields the CPU to requests: the threads run at a lower priority (Linux, via nice).
    niceIncrement: 10,
    // The heap cap catches a decoder gone wrong; the pixel buffers are bounded by MAX_DECODED_PIXELS.
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  return pool;
}

/**
 * Decodes every pixel of an image already measured (`size`, from measureImage) and accepted, in a
 * worker thread. Refused as `corrupt` when the file is damaged, cut short or decodes to another size.
 */
export async function decodeImage(
  upload: PendingUpload,
  mime: ImageMime,
  size: ImageSize,
  { pixels = false } = {},
): Promise<{ rgba: Uint8Array | null }> {
  if (size.width * size.height > MAX_DECODED_PIXELS) throw new ImageRefused('too_large');
  let result: DecodeResult;
  try {
    result = await decoderPool().run({ path: upload.tempPath, mime, ...size, pixels });
  } catch (error) {
    // A decoder that ran out of its heap met a file built to exhaust it; anything else is ours.
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ImageRefused('too_large');
    throw error;
  }
  if (result.corrupt) throw new ImageRefused('corrupt');
  return { rgba: result.rgba };
}

/** Stops the decoder threads (the process's shutdown; idle threads also leave by themselves). */
export async function closeImageDecoder(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
