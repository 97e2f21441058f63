/** Reading multipart form data: the parts in order, with the parser's failures as client errors. */
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export const FORM_UNREADABLE_MESSAGE = 'The form data could not be read';

export type FormLimits = { fileSize: number; files: number; fields?: number; parts?: number };

/**
 * Busboy's own errors (no boundary, a body cut short, a malformed part header) carry no status: they
 * are the client's mistake, so they answer 400 rather than 500. The plugin's limit errors keep theirs.
 */
export const unreadable = (error: unknown) =>
  (error as { statusCode?: number }).statusCode
    ? error
    : new AppError('bad_request', FORM_UNREADABLE_MESSAGE);

/** The form's parts, with the parser's failures as `unreadable` errors. */
export async function* formParts(request: FastifyRequest, limits: FormLimits): AsyncGenerator<Multipart> {
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts({ limits })[Symbol.asyncIterator]();
  } catch (error) {
    throw unreadable(error);
  }
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw unreadable(error);
      });
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await parts.return?.();
  }
}
