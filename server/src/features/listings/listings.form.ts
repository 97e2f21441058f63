/**
 * A listing save's body: JSON (already validated by the route), or form-serialized multipart
 * (`submission[regions][europe]=true`, `submission[pictures_attributes][0][file]` …) read here:
 * bracketed names become nested fields (qs), strings become the schema's booleans, numbers and
 * nulls, and each file is streamed to scratch space under its kind's cap, standing in the fields
 * as `upload:N`.
 */
import {
  LISTING_DOCUMENT_MAX_BYTES,
  LISTING_LOGO_MAX_BYTES,
  LISTING_PICTURE_MAX_BYTES,
  type SubmissionBody,
  SubmissionRequest,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import type { z } from 'zod';
import { fieldError } from '../../platform/errors.ts';
import { formParts, unreadable } from '../../platform/http/form-data.ts';
import { isStorableText, unstorableTextError } from '../../platform/http/storable-text.ts';
import { discardUpload, type PendingUpload, streamUpload } from '../../platform/http/uploads.ts';
import { zodValidationError } from '../../platform/http/validation.ts';
import type { Storage } from '../../platform/storage.ts';

export type FileKind = 'logo' | 'picture' | 'document';
export type FormUpload = PendingUpload & { kind: FileKind; field: string };

export type SubmissionForm = {
  body: SubmissionBody;
  /** Files by their placeholder (`upload:0`). */
  uploads: Map<string, FormUpload>;
};

/** Where a file may be sent, and how large it may be. */
const FILE_FIELDS: Array<{ pattern: RegExp; kind: FileKind; maxBytes: number }> = [
  { pattern: /^small_logo$/, kind: 'logo', maxBytes: LISTING_LOGO_MAX_BYTES },
  {
    pattern: /^pictures_attributes\[\d{1,3}\]\[file\]$/,
    kind: 'picture',
    maxBytes: LISTING_PICTURE_MAX_BYTES,
  },
  {
    pattern: /^security_questionnaire_document_attributes\[file\]$/,
    kind: 'document',
    maxBytes: LISTING_DOCUMENT_MAX_BYTES,
  },
];
export const UNEXPECTED_FILE_MESSAGE = 'No file is expected in this field';
const MAX_FILES = 20;

/** `submission[pictures_attributes][0][file]` → `pictures_attributes[0][file]`. */
const unwrapName = (name: string) => name.replace(/^submission\[([^\]]*)\]/, '$1');
/** `pictures_attributes[0][file]` → `pictures_attributes.0.file` (the error key). */
const dotted = (name: string) => name.replace(/\]\[|\[|\]/g, '.').replace(/\.$/, '');

/** The body of a save: the route's JSON, or the multipart form read and coerced. */
export async function readSubmissionForm(request: FastifyRequest, storage: Storage): Promise<SubmissionForm> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as z.infer<typeof SubmissionRequest>;
    return { body: flatten(body), uploads: new Map() };
  }
  const entries: Array<[string, string]> = [];
  const uploads = new Map<string, FormUpload>();
  try {
    for await (const part of formParts(request, {
      fileSize: LISTING_DOCUMENT_MAX_BYTES,
      files: MAX_FILES,
      fields: 3000,
      parts: 3000 + MAX_FILES,
    })) {
      if (!isStorableText(part.fieldname)) throw unstorableTextError([part.fieldname], 'submission');
      const name = unwrapName(part.fieldname);
      if (part.type === 'file') {
        const slot = FILE_FIELDS.find((field) => field.pattern.test(name));
        if (!slot) {
          part.file.resume();
          throw fieldError(dotted(name), UNEXPECTED_FILE_MESSAGE);
        }
        const field = dotted(name);
        const upload = await streamUpload(storage, part, { maxBytes: slot.maxBytes, field }).catch(
          (error: unknown) => {
            throw part.file.errored === error ? unreadable(error) : error;
          },
        );
        const ref = `upload:${uploads.size}`;
        uploads.set(ref, { ...upload, kind: slot.kind, field });
        entries.push([part.fieldname, ref]);
      } else {
        const value = String(part.value);
        // Form fields skip the JSON body check (storable-text.ts), so they are checked here.
        if (!isStorableText(value)) throw unstorableTextError([dotted(name)], 'submission');
        entries.push([part.fieldname, value]);
      }
    }
    const raw = parseBrackets(entries);
    const parsed = SubmissionRequest.safeParse(coerce(SubmissionRequest, raw));
    if (!parsed.success)
      // Keyed like the listing's fields, whether they came wrapped in `submission[...]` or not.
      throw zodValidationError(
        parsed.error.issues.map((issue) =>
          issue.path[0] === 'submission' ? { ...issue, path: issue.path.slice(1) } : issue,
        ),
        'submission',
      );
    return { body: flatten(parsed.data), uploads };
  } catch (error) {
    await Promise.all([...uploads.values()].map(discardUpload));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw fieldError('submission', `Send at most ${MAX_FILES} files at once`);
    throw error;
  }
}

/** Fields may come flat or wrapped in `submission`; the wrapped ones win. */
function flatten(request: z.infer<typeof SubmissionRequest>): SubmissionBody {
  const { submission, ...flat } = request;
  return { ...flat, ...submission };
}

/** Bracketed names to nested fields, without prototype keys, bounded in depth and count. */
function parseBrackets(entries: Array<[string, string]>): unknown {
  const query = new URLSearchParams(entries).toString();
  try {
    return qs.parse(query, {
      depth: 6,
      strictDepth: true,
      arrayLimit: 100,
      parameterLimit: 5000,
      throwOnLimitExceeded: true,
      allowPrototypes: false,
      allowDots: false,
    });
  } catch {
    throw fieldError('submission', 'The form fields are nested too deeply or are too many');
  }
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list sent as `x[]=a&x[]=b`, as `x[0]=a&x[1]=b` (objects past qs's array limit), or one value. */
function listOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (isObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key)))
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  return typeof value === 'string' ? [value] : null;
}

const BOOLEAN_STRINGS: Record<string, boolean> = {
  true: true,
  '1': true,
  on: true,
  false: false,
  '0': false,
  '': false,
};

/** Form strings as the schema's types: booleans, numbers, '' as null where null is allowed. */
export function coerce(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'nullable':
      return value === '' ? null : coerce(def.innerType!, value);
    case 'optional':
    case 'default':
    case 'readonly':
      return coerce(def.innerType!, value);
    case 'pipe':
      return coerce(def.in!, value);
    case 'boolean':
      return typeof value === 'string' && value in BOOLEAN_STRINGS ? BOOLEAN_STRINGS[value] : value;
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : value;
    case 'array': {
      const items = listOf(value);
      if (!items) return value;
      // `x[]=` is how a form sends an empty list; empty slots of a text list stay (as null).
      const keepEmpty = defOf(def.element!).type === 'nullable';
      return items.filter((item) => keepEmpty || item !== '').map((item) => coerce(def.element!, item));
    }
    case 'record':
      return isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, coerce(def.valueType!, item)]))
        : value;
    case 'object':
      return isObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([key, item]) => [
              key,
              Object.hasOwn(def.shape!, key) ? coerce(def.shape![key]!, item) : item,
            ]),
          )
        : value;
    default:
      return value;
  }
}
