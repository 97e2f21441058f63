/** `installations.csv` cells (spec admin §7 "CSV export"); the file itself is streamed by metrics.feed.ts. */

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@`, tab
 * or carriage return gets a `'` first so a spreadsheet reads a company name as text, not a formula.
 */
export function csvCell(value: string | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
