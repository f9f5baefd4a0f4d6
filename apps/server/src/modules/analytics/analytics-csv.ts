import { ANALYTICS_CSV_COLUMNS } from '@hookpost/shared'

/**
 * The Analytics export (GET /api/analytics/export.csv): RFC 4180 CSV — fields with a comma, a quote or a line break
 * are quoted, quotes doubled, lines end with CRLF — and safe to open in a spreadsheet: a cell starting with = + - @,
 * a tab or a carriage return would be read as a formula (OWASP "CSV injection"), so it gets a leading apostrophe.
 * Titles and hook texts are the person's own words and may start with anything.
 */

export type CsvCell = string | number | null
export type AnalyticsCsvRow = Record<(typeof ANALYTICS_CSV_COLUMNS)[number], CsvCell>

/** = + - @ tab CR: what a spreadsheet reads as the start of a formula. */
const FORMULA_FIRST = new Set([61, 43, 45, 64, 9, 13])

// Character checks rather than regular expressions: an export is some 100,000 cells.
export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = FORMULA_FIRST.has(value.charCodeAt(0)) ? `'${value}` : value
  if (text.includes('"')) return `"${text.replaceAll('"', '""')}"`
  if (text.includes(',') || text.includes('\n') || text.includes('\r')) return `"${text}"`
  return text
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
