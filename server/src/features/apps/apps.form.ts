import { rm } from 'node:fs/promises';
import { LOGO_MAX_BYTES } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldError } from '../../platform/errors.ts';
import { formParts, unreadable } from '../../platform/http/form-data.ts';
import { isStorableText, unstorableTextError } from '../../platform/http/storable-text.ts';
import { type PendingUpload, streamUpload } from '../../platform/http/uploads.ts';
import { fieldMessages, UNKNOWN_FIELD, validationError } from '../../platform/http/validation.ts';
import type { Storage } from '../../platform/storage.ts';
import { LOGO_ONE_FILE_MESSAGE, LOGO_SIZE_MESSAGE } from './logo.ts';

export type AppForm = { fields: Record<string, unknown>; upload: PendingUpload | null };

export const BODY_OBJECT_MESSAGE = 'The request body must be a JSON object';
export { FORM_UNREADABLE_MESSAGE } from '../../platform/http/form-data.ts';

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

const LOGO_LIMITS = { fileSize: LOGO_MAX_BYTES, files: 1 };

const fieldName = (name: string) => /^developer_app\[(\w+)\]$/.exec(name)?.[1] ?? name;

/**
 * `POST /developer_apps` as form data: the fields (`internal_name` or `developer_app[internal_name]`)
 * become the body its schema checks. A multipart form is read here (files are skipped); a
 * URL-encoded one arrives parsed. JSON bodies pass untouched.
 */
export async function readCreateForm(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    for await (const part of formParts(request, LOGO_LIMITS)) {
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
    if (!nested || typeof nested !== 'object') return { fields: { ...body }, upload: null };
    // Beside `developer_app` only `remove_thumbnail` may come; anything else is refused, not dropped.
    const unknown = Object.keys(body).filter((key) => key !== 'developer_app' && key !== 'remove_thumbnail');
    if (unknown.length)
      throw validationError(Object.fromEntries(unknown.map((key) => [key, [UNKNOWN_FIELD]])));
    const fields = { ...(nested as Record<string, unknown>) };
    if ('remove_thumbnail' in body) fields.remove_thumbnail = body.remove_thumbnail;
    return { fields, upload: null };
  }
  const fields: Record<string, unknown> = {};
  let upload: PendingUpload | null = null;
  try {
    for await (const part of formParts(request, LOGO_LIMITS)) {
      const key = fieldName(part.fieldname);
      if (part.type === 'file') {
        // A file cut short fails its own stream with the parser's error.
        if (key === 'thumbnail')
          upload = await streamUpload(storage, part, { field: 'thumbnail' }).catch((error: unknown) => {
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

/** A form's fields refused by their schema: `validation_failed` with each field's messages. */
export function formFieldsError(error: z.ZodError): AppError {
  const entries = error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // Each unknown field at its own name, as every JSON body's (platform/http/error-handler.ts).
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ path: [...at, key].join('.'), message: UNKNOWN_FIELD }));
    return [{ path: at.join('.') || 'developer_app', message: issue.message }];
  });
  const fields = fieldMessages(entries);
  const errors = Object.values(fields).flat();
  return new AppError('validation_failed', errors[0] ?? 'Validation failed', { errors, fields });
}
