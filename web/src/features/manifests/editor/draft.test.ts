import { describe, expect, test } from 'vitest';
import { draftSchemaVersion, formatDraft, highestTemplateKey, parseDraft } from './draft.ts';

describe('parseDraft', () => {
  test('a JSON object is a manifest', () => {
    expect(parseDraft('{"schema_version": "3"}')).toEqual({ ok: true, content: { schema_version: '3' } });
  });
  test.each(['', '{', '{"a": 1,}', 'nope'])('%j is a syntax error', (text) => {
    expect(parseDraft(text)).toMatchObject({ ok: false, reason: 'syntax' });
  });
  test.each(['[]', '1', '"x"', 'null'])('%s parses but is not an object', (text) => {
    expect(parseDraft(text)).toMatchObject({ ok: false, reason: 'not_object' });
  });
});

test('formatDraft indents with two spaces and keeps key order', () => {
  expect(formatDraft({ b: 1, a: { c: true } })).toBe('{\n  "b": 1,\n  "a": {\n    "c": true\n  }\n}');
});

describe('draftSchemaVersion', () => {
  test.each([
    ['{"schema_version": "3"}', '3'],
    ['{"schema_version": "3.2"}', '3'],
    ['{"schema_version": "4.1"}', '4.1'],
    // The editor's default, 3 (spec developer-apps §9), when the draft names nothing readable.
    ['{"schema_version": "9"}', '3'],
    ['{}', '3'],
    ['{', '3'],
  ])('%s → %s', (text, version) => {
    expect(draftSchemaVersion(parseDraft(text))).toBe(version);
  });
});

test('the highest template key compares numerically and ignores unknown keys', () => {
  expect(highestTemplateKey({ '3': {}, '4.1': {} })).toBe('4.1');
  expect(highestTemplateKey({ '4.1': {}, '3': {} })).toBe('4.1');
  expect(highestTemplateKey({ '3': {}, '10.0': {} })).toBe('3');
  expect(highestTemplateKey({})).toBe('3');
});
