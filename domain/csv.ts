/**
 * The one CSV writer of every export (athletes, prospects, disclosures, expenses): RFC 4180 cells, CRLF line ends, and
 * formula neutralisation (OWASP CSV injection), so a name like `=HYPERLINK(…)` opens as the text it is.
 */

/**
 * A cell as exported to CSV or XLSX: text that a spreadsheet would run as a formula (starting with =, +, -, @, or
 * a tab or carriage return before one) gets a leading apostrophe, so it opens as the text it is.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One CSV cell: nothing for null or undefined, a list joined with "; ", anything else as its text; neutralised, then
 * quoted (inner quotes doubled) when it holds a quote, a comma or a line break.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  const safe = neutraliseCell(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of cells (no line end). */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole CSV file of rows (header first, if any): each line ends in CRLF, the last one too. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map(csvLine).join('\r\n') + '\r\n';
}
