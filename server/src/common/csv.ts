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
