import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** What an unknown field in a request is told (bodies are strict: platform/http/strict-bodies.ts). */
export const UNKNOWN_FIELD = 'Unknown field';

/** Per-field messages keyed by path; keys made by a request (`__proto__`) cannot touch a prototype. */
export function fieldMessages(entries: Array<{ path: string; message: string }>): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const { path, message } of entries) fields.set(path, [...(fields.get(path) ?? []), message]);
  return Object.fromEntries(fields);
}

/** A 422 naming every field with its messages; `message` defaults to the first problem. */
export function validationError(fields: Record<string, string[]>, message?: string): AppError {
  const errors = Object.entries(fields).flatMap(([path, messages]) => messages.map((m) => `${path}: ${m}`));
  return new AppError('validation_failed', message ?? errors[0] ?? 'Validation failed', { errors, fields });
}

/** zod's issues as the one error shape (unknown keys named at their own path). */
export function zodValidationError(issues: z.core.$ZodIssue[], fallback: string): AppError {
  return validationError(
    fieldMessages(
      issues.flatMap((issue) => {
        const at = issue.path.map(String);
        if (issue.code === 'unrecognized_keys')
          return issue.keys.map((key) => ({ path: [...at, key].join('.'), message: UNKNOWN_FIELD }));
        return [{ path: at.join('.') || fallback, message: issue.message }];
      }),
    ),
  );
}
