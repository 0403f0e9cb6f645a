import { type DailyMetrics, KPI_CSV_HEADER } from '@portal/contracts';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled;
 * a text that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe (OWASP's CSV injection advice). Numbers are written as they are.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields as CSV text, each line ending in CRLF. */
export const toCsv = (rows: readonly (readonly (string | number)[])[]): string =>
  rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');

/** The KPI tab's daily rows as the export's CSV: the header, then one line per day, oldest first. */
export const dailyMetricsCsv = (daily: readonly DailyMetrics[]): string =>
  toCsv([KPI_CSV_HEADER, ...daily.map((day) => [day.date, day.calls, day.leads, day.conversions])]);
