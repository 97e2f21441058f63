import { rm } from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../platform/errors.ts';
import { isStorableText, unstorableTextError } from '../../platform/storable-text.ts';
import type { Storage } from '../../platform/storage.ts';
import { LOGO_ONE_FILE_MESSAGE, LOGO_SIZE_MESSAGE, type PendingUpload, streamUpload } from './logo.ts';

export type AppForm = { fields: Record<string, unknown>; upload: PendingUpload | null };

export const BODY_OBJECT_MESSAGE = 'The request body must be a JSON object';
export const FORM_UNREADABLE_MESSAGE = 'The form data could not be read';

const BOOLEAN_FIELDS = new Set(['legacy', 'connectable', 'remove_thumbnail']);

/** `developer_app[name]` → `name`; booleans and JSON lists come as strings in form data. */
function formValue(key: string, value: string): unknown {
  if (BOOLEAN_FIELDS.has(key)) return value === 'true' || value === '1' || value === 'on';
  if (key === 'contacts') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

const fieldName = (name: string) => /^developer_app\[(\w+)\]$/.exec(name)?.[1] ?? name;

// Busboy's own errors (no boundary, a body cut short, a malformed part header) carry no status: they
// are the client's mistake, so they answer 400 rather than 500. The plugin's limit errors keep theirs.
const unreadable = (error: unknown) =>
  (error as { statusCode?: number }).statusCode
    ? error
    : new AppError('bad_request', FORM_UNREADABLE_MESSAGE);

/** The form's parts, with the parser's failures as `unreadable` errors. */
async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })[Symbol.asyncIterator]();
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

/**
 * `POST /developer_apps` as form data: the fields (`internal_name` or `developer_app[internal_name]`)
 * become the body its schema checks. A multipart form is read here (files are skipped); a
 * URL-encoded one arrives parsed. JSON bodies pass untouched.
 */
export async function readCreateForm(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      const key = fieldName(part.fieldname);
      const value = String(part.value);
      if (!isStorableText(key) || !isStorableText(value)) throw unstorableTextError([key], key);
      fields[key] = value;
    }
    request.body = fields;
    return;
  }
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return;
  const body = request.body as Record<string, unknown>;
  request.body = Object.fromEntries(Object.entries(body).map(([key, value]) => [fieldName(key), value]));
}

/** Reads a PATCH/PUT body: JSON (`{developer_app: {...}}` or flat) or multipart form data. */
export async function readAppForm(request: FastifyRequest, storage: Storage): Promise<AppForm> {
  if (!request.isMultipart()) {
    const raw = request.body === undefined ? {} : request.body;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw fieldError('body', BODY_OBJECT_MESSAGE);
    const body = raw as Record<string, unknown>;
    const nested = body.developer_app;
    const fields =
      nested && typeof nested === 'object' ? { ...(nested as Record<string, unknown>) } : { ...body };
    if ('remove_thumbnail' in body && nested) fields.remove_thumbnail = body.remove_thumbnail;
    return { fields, upload: null };
  }
  const fields: Record<string, unknown> = {};
  let upload: PendingUpload | null = null;
  try {
    for await (const part of formParts(request)) {
      const key = fieldName(part.fieldname);
      if (part.type === 'file') {
        // A file cut short fails its own stream with the parser's error.
        if (key === 'thumbnail')
          upload = await streamUpload(storage, part).catch((error: unknown) => {
            throw part.file.errored === error ? unreadable(error) : error;
          });
        else part.file.resume();
      } else {
        const value = String(part.value);
        // Form fields skip the JSON body check (storable-text.ts), so they are checked here.
        if (!isStorableText(key) || !isStorableText(value)) throw unstorableTextError([key], key);
        fields[key] = formValue(key, value);
      }
    }
  } catch (error) {
    if (upload) await rm(upload.tempPath, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', LOGO_SIZE_MESSAGE, {
        errors: [LOGO_SIZE_MESSAGE],
        fields: { thumbnail: [LOGO_SIZE_MESSAGE] },
      });
    if (code === 'FST_FILES_LIMIT') throw fieldError('thumbnail', LOGO_ONE_FILE_MESSAGE);
    throw error;
  }
  return { fields, upload };
}
