import { rm } from 'node:fs/promises';
import { LOGO_MAX_BYTES } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../platform/errors.ts';
import { isStorableText, unstorableTextError } from '../../platform/storable-text.ts';
import type { Storage } from '../../platform/storage.ts';
import { LOGO_ONE_FILE_MESSAGE, LOGO_SIZE_MESSAGE, type PendingUpload, streamUpload } from './logo.ts';

export type AppForm = { fields: Record<string, unknown>; upload: PendingUpload | null };

export const BODY_OBJECT_MESSAGE = 'The request body must be a JSON object';

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
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })) {
      const key = fieldName(part.fieldname);
      if (part.type === 'file') {
        if (key === 'thumbnail') upload = await streamUpload(storage, part);
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
