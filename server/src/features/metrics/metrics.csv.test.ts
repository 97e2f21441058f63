import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvCell, installationsCsv } from './metrics.csv.ts';

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

test('the file: header row, one row per installation in column order, CRLF', () => {
  const csv = installationsCsv([
    {
      id: 'i1',
      company_name: 'Acme, Inc.',
      company_is_demo: false,
      user_email_address: null,
      procore_updated_at: '2026-03-01T12:00:00.000Z',
      status: 'installed',
    },
  ]);
  assert.equal(
    csv,
    'id,company_name,company_is_demo,user_email_address,procore_updated_at,status\r\n' +
      'i1,"Acme, Inc.",false,,2026-03-01T12:00:00.000Z,installed\r\n',
  );
  assert.equal(installationsCsv([]).split('\r\n').length, 2);
});
