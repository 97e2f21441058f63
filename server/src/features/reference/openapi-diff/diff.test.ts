import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REST_V2_CHANGES, restOpenApiV1, restOpenApiV2 } from '../../../seed/reference/rest-openapi.ts';
import { CORPUS, corpusBase } from './corpus.ts';
import { changeKey, diffOpenApi } from './diff.ts';
import { ADDITIVE_KINDS, BREAKING_KINDS, CHANGE_KINDS, KIND_RULES } from './kinds.ts';

describe('OpenAPI classifier (issue 27)', () => {
  test('the corpus has at least two cases for each of the 9 breaking, 6 additive, deprecated and removed classes', () => {
    assert.equal(BREAKING_KINDS.length, 9);
    assert.equal(ADDITIVE_KINDS.length, 6);
    for (const kind of CHANGE_KINDS) {
      assert.ok(CORPUS.filter((c) => c.expect === kind).length >= 2, `cases for ${kind}`);
    }
  });

  test('every corpus case is classified with the right type and breaking flag (100 %)', () => {
    const wrong: string[] = [];
    for (const fixture of CORPUS) {
      const after = corpusBase();
      fixture.change(after);
      const changes = diffOpenApi(corpusBase(), after);
      const rule = KIND_RULES[fixture.expect];
      const right =
        changes.length > 0 &&
        changes.every(
          (c) => c.kind === fixture.expect && c.type === rule.type && c.breaking === rule.breaking,
        );
      if (!right) wrong.push(`${fixture.name}: ${JSON.stringify(changes.map((c) => [c.kind, c.location]))}`);
    }
    assert.deepEqual(wrong, []);
  });

  test('breaking classes are breaking, additive ones are not; deprecated and removed endpoints have their types', () => {
    for (const kind of BREAKING_KINDS) assert.equal(KIND_RULES[kind].breaking, true, kind);
    for (const kind of ADDITIVE_KINDS) assert.equal(KIND_RULES[kind].breaking, false, kind);
    assert.deepEqual(KIND_RULES.deprecated, { type: 'deprecated', breaking: false });
    assert.deepEqual(KIND_RULES.endpoint_removed, { type: 'sunset', breaking: true });
    assert.equal(KIND_RULES.operation_added.type, 'new');
  });

  test('the seed v1 → v2 gives exactly the expected changes; the same document twice gives none', () => {
    const changes = diffOpenApi(restOpenApiV1(), restOpenApiV2());
    assert.deepEqual(
      changes.map((c) => [c.kind, `${c.method} ${c.path}`]).sort(),
      [...REST_V2_CHANGES].sort(),
    );
    assert.deepEqual(diffOpenApi(restOpenApiV2(), restOpenApiV2()), []);
    assert.equal(new Set(changes.map(changeKey)).size, changes.length);
  });

  test('cyclic and external $refs do not hang or throw', () => {
    const doc = corpusBase();
    doc.components.schemas.Widget.properties.parent = { $ref: '#/components/schemas/Widget' };
    doc.components.schemas.Widget.properties.remote = { $ref: 'https://example.com/x.json' };
    const after = structuredClone(doc);
    after.components.schemas.Widget.properties.extra = { type: 'string' };
    const kinds = new Set(diffOpenApi(doc, after).map((c) => c.kind));
    assert.deepEqual([...kinds], ['response_field_added']);
  });
});
