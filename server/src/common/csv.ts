// CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote or line
// break in double quotes, its quotes doubled). A text cell a spreadsheet could read as a formula gets a
// leading apostrophe, so an e-mail address or name like "=HYPERLINK(...)" stays text (OWASP CSV
// injection): one whose first character after any spaces is = + - @, ; or | (formula starts in
// ;-separated locales and DDE), or a tab or carriage return (which some apps skip first). Numbers are
// written as numbers and never prefixed: a numeric column's -1 stays -1 (docs/decisions/038-*).

export type CsvCell = string | number | null | undefined;

/** Spaces first do not hide a formula: spreadsheets trim them. */
const FORMULA_START = /^[ \u00a0]*[=+\-@;|\t\r]/;
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
