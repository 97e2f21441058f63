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
  // The one-test shortcut leaves each rule to the full check: numbers are never defused, a leading
  // tab or carriage return is, and a quote anywhere is still quoted.
  assert.equal(csvCell(-5), '-5');
  assert.equal(csvCell('-5'), "'-5");
  assert.equal(csvCell('\tx'), "'\tx");
  assert.equal(csvCell('\rx'), `"'\rx"`);
  assert.equal(csvCell('a"b'), '"a""b"');
  assert.equal(csvCell('@x, y'), `"'@x, y"`);
});
