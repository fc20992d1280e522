// CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote or line
// break in double quotes, its quotes doubled). A text cell a spreadsheet would read as a formula
// (starting with = + - @, or a tab or carriage return that some apps skip first) gets a leading
// apostrophe, so an e-mail address or name like "=HYPERLINK(...)" stays text (OWASP CSV injection).

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: numbers as they are, null and undefined empty, text made formula-safe and quoted if needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A batch of an export's rows, and where the next one starts (null after the last). */
export interface CsvBatch<T, C> {
  items: readonly T[];
  next: C | null;
}

/**
 * The header line, then each batch `read` answers as one string of lines, until a batch has no next
 * cursor: an export read in batches as the answer is sent, so a large one never sits in memory whole.
 */
export async function* csvInBatches<T, C>(
  header: readonly CsvCell[],
  read: (after: C | null) => Promise<CsvBatch<T, C>>,
  row: (item: T) => CsvCell[],
): AsyncGenerator<string> {
  yield csvLine(header);
  let cursor: C | null = null;
  do {
    const batch: CsvBatch<T, C> = await read(cursor);
    if (batch.items.length) yield batch.items.map((item) => csvLine(row(item))).join('');
    cursor = batch.next;
  } while (cursor);
}
