import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvCell } from './csv.ts';

test('cells: quoted when needed, formulas defused, null empty', () => {
  assert.equal(csvCell('Acme'), 'Acme');
  assert.equal(csvCell('Acme, Inc.'), '"Acme, Inc."');
  assert.equal(csvCell('The "Best" Co'), '"The ""Best"" Co"');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  assert.equal(csvCell('=HYPERLINK("x")'), '"\'=HYPERLINK(""x"")"');
  assert.equal(csvCell('+1'), "'+1");
  assert.equal(csvCell(null), '');
  assert.equal(csvCell(true), 'true');
});
