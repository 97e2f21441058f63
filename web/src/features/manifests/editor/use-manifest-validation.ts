import { useDebouncedValue } from '@mantine/hooks';
import type { JsonObject, ManifestViolation } from '@portal/contracts';
import { MANIFEST_VALIDATION_DEBOUNCE_MS } from '@portal/contracts/limits';
import type { ManifestEnvironment } from '@portal/contracts/manifest-rules';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { manifestValidationQuery } from '../api.ts';
import { type ParsedDraft, parseDraft } from './draft.ts';

/**
 * Where a draft stands: unreadable JSON (the editor marks it), waiting for the 1 s pause in typing,
 * being validated by the server, passed, with violations, or the validation call itself failed.
 */
export type ValidationState =
  | { status: 'invalid_json' }
  | { status: 'pending' }
  | { status: 'validating' }
  | { status: 'passed'; content: JsonObject }
  | { status: 'violations'; errors: ManifestViolation[] }
  | { status: 'failed'; error: unknown };

/**
 * Validates the editor's text with the server once typing has paused for 1 s (spec developer-apps §4, §9):
 * syntax errors are the editor's, schema and rule violations the server's. Only `passed` allows Create.
 */
export function useManifestValidation(
  appId: string,
  environment: ManifestEnvironment,
  text: string,
): { parsed: ParsedDraft; state: ValidationState } {
  const parsed = useMemo(() => parseDraft(text), [text]);
  const [settled] = useDebouncedValue(text, MANIFEST_VALIDATION_DEBOUNCE_MS);
  const isSettled = settled === text;
  const query = useQuery({
    ...manifestValidationQuery(appId, environment, text, parsed.ok ? parsed.content : {}),
    ...(parsed.ok && isSettled ? {} : { queryFn: skipToken }),
  });
  return { parsed, state: stateOf(parsed, isSettled, query) };
}

function stateOf(
  parsed: ParsedDraft,
  isSettled: boolean,
  query: { isFetching: boolean; error: unknown; data: { errors: ManifestViolation[] } | undefined },
): ValidationState {
  if (!parsed.ok) {
    return parsed.reason === 'syntax'
      ? { status: 'invalid_json' }
      : { status: 'failed', error: new Error(parsed.message) };
  }
  if (query.data && !query.isFetching) {
    return query.data.errors.length
      ? { status: 'violations', errors: query.data.errors }
      : { status: 'passed', content: parsed.content };
  }
  if (query.error && !query.isFetching) return { status: 'failed', error: query.error };
  return isSettled ? { status: 'validating' } : { status: 'pending' };
}
