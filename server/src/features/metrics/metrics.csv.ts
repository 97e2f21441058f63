/** `installations.csv` (spec admin §7 "CSV export"): a header row, then one row per installation. */
import { type AppInstallation, INSTALLATIONS_CSV_COLUMNS } from '@portal/contracts';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@`, tab
 * or carriage return gets a `'` first so a spreadsheet reads a company name as text, not a formula.
 */
export function csvCell(value: string | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's text: CRLF line ends (RFC 4180), a header row of the installation row's fields. */
export function installationsCsv(rows: AppInstallation[]): string {
  const lines = [INSTALLATIONS_CSV_COLUMNS.join(',')];
  for (const row of rows)
    lines.push(INSTALLATIONS_CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
