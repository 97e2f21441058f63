/** CSV downloads (installations.csv, the API usage CSV): safe cells and a streamed file in keyset batches. */
import { Readable } from 'node:stream';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@`, tab
 * or carriage return gets a `'` first so a spreadsheet reads a company name as text, not a formula.
 */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  // Most cells need neither: one test answers them as they are (a file is millions of cells).
  if (!NEEDS_CARE.test(text)) return text;
  if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell that may need the formula guard or quotes (either rule of csvCell). */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

/** One CSV line: the cells, comma-separated, CRLF-terminated (built by concatenation, no arrays). */
function csvLine(cells: ReadonlyArray<string | number | boolean | null>): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',' : '') + csvCell(cells[i]!);
  return `${line}\r\n`;
}

export type CsvSource<Row> = {
  /** The header row's cells. */
  header: readonly string[];
  /** A row's cells, in the header's order. */
  cells(row: Row): Array<string | number | boolean | null>;
  /** The next `limit` rows after `last` (null: from the start), in the file's order: one short keyset query. */
  batch(last: Row | null, limit: number): Promise<Row[]>;
  /** Rows per batch. */
  batchRows: number;
};

/**
 * A CSV file as a stream: the header row, then every row one keyset batch at a time. Node pulls the
 * next batch only when the socket has taken the last (backpressure); no transaction or cursor is held
 * between batches, so other requests run in between.
 */
export function csvStream<Row>(source: CsvSource<Row>): Readable {
  async function* lines() {
    yield csvLine(source.header);
    let last: Row | null = null;
    for (;;) {
      const rows = await source.batch(last, source.batchRows);
      if (!rows.length) return;
      // The batch's text as one string, one chunk for the socket.
      let text = '';
      for (const row of rows) text += csvLine(source.cells(row));
      yield text;
      if (rows.length < source.batchRows) return;
      last = rows.at(-1)!;
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
