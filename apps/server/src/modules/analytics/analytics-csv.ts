import { ANALYTICS_CSV_COLUMNS } from '@hookpost/shared'

/**
 * The Analytics export (GET /api/analytics/export.csv): RFC 4180 CSV — fields with a comma, a quote or a line break
 * are quoted, quotes doubled, lines end with CRLF — and safe to open in a spreadsheet: a cell starting with = + - @,
 * a tab or a carriage return would be read as a formula (OWASP "CSV injection"), so it gets a leading apostrophe.
 * Titles and hook texts are the person's own words and may start with anything.
 */

export type CsvCell = string | number | null
export type AnalyticsCsvRow = Record<(typeof ANALYTICS_CSV_COLUMNS)[number], CsvCell>

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  let text = typeof value === 'number' ? String(value) : value
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',')
}

/** The header and one line per row, in ANALYTICS_CSV_COLUMNS order, each line ending with CRLF. */
export function analyticsCsv(rows: Iterable<AnalyticsCsvRow>): string {
  const lines = [csvLine(ANALYTICS_CSV_COLUMNS)]
  for (const row of rows) lines.push(csvLine(ANALYTICS_CSV_COLUMNS.map((column) => row[column])))
  return `${lines.join('\r\n')}\r\n`
}

/** `hookpost-analytics-<username>-<from>-<to>.csv`, with the username cut to what is safe in a header and a path. */
export function analyticsCsvFileName(username: string, from: string, to: string): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '').replace(/^\.+/, '') || 'account'
  return `hookpost-analytics-${safe}-${from}-${to}.csv`
}
