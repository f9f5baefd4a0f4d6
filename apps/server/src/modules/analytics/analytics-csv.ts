import { ANALYTICS_CSV_COLUMNS } from '@hookpost/shared'

/**
 * The Analytics export (GET /api/analytics/export.csv): RFC 4180 CSV — fields with a comma, a semicolon, a quote or a
 * line break are quoted, quotes doubled, lines end with CRLF — and safe to open in a spreadsheet: a cell starting with
 * = + - @, a tab or a carriage return would be read as a formula (OWASP "CSV injection"), so it gets a leading
 * apostrophe. Spreadsheets in locales whose list separator is `;` split an unquoted cell at every `;`, so what follows
 * a `;` is the start of a cell there (`x;=cmd|' /C calc'!A0` runs `=cmd…`): it is disarmed the same way, and the
 * field is quoted so it stays one cell. Titles and hook texts are the person's own words and may hold anything.
 */

export type CsvCell = string | number | null
export type AnalyticsCsvRow = Record<(typeof ANALYTICS_CSV_COLUMNS)[number], CsvCell>

/** = + - @ tab CR: what a spreadsheet reads as the start of a formula. */
const FORMULA_FIRST = new Set([61, 43, 45, 64, 9, 13])
const SEMICOLON = ';'

/** An apostrophe after every `;` that a formula character follows. */
function disarmAfterSemicolons(text: string): string {
  let out = ''
  let from = 0
  for (let i = text.indexOf(SEMICOLON); i >= 0; i = text.indexOf(SEMICOLON, i + 1)) {
    if (!FORMULA_FIRST.has(text.charCodeAt(i + 1))) continue
    out += `${text.slice(from, i + 1)}'`
    from = i + 1
  }
  return from === 0 ? text : out + text.slice(from)
}

// Character checks rather than regular expressions: an export is some 100,000 cells.
/** The one place a cell's quoting and formula guard are decided. */
export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  let text = FORMULA_FIRST.has(value.charCodeAt(0)) ? `'${value}` : value
  const semicolon = text.includes(SEMICOLON)
  if (semicolon) text = disarmAfterSemicolons(text)
  if (text.includes('"')) return `"${text.replaceAll('"', '""')}"`
  if (semicolon || text.includes(',') || text.includes('\n') || text.includes('\r')) return `"${text}"`
  return text
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',')
}

/** The header line, CRLF-ended: the first bytes of every export. */
export const ANALYTICS_CSV_HEADER = `${csvLine(ANALYTICS_CSV_COLUMNS)}\r\n`

/** Rows as CSV lines in ANALYTICS_CSV_COLUMNS order, each ending with CRLF. */
export function analyticsCsvLines(rows: Iterable<AnalyticsCsvRow>): string {
  let out = ''
  for (const row of rows) out += `${csvLine(ANALYTICS_CSV_COLUMNS.map((column) => row[column]))}\r\n`
  return out
}

/**
 * The export as it is sent: the header, then one chunk per page of rows as the pages arrive, so the first bytes leave
 * before the last rows are read and only one page is ever held (ADR 055).
 */
export async function* analyticsCsvChunks(pages: AsyncIterable<readonly AnalyticsCsvRow[]>): AsyncGenerator<string> {
  yield ANALYTICS_CSV_HEADER
  for await (const page of pages) if (page.length > 0) yield analyticsCsvLines(page)
}

/** `hookpost-analytics-<username>-<from>-<to>.csv`, with the username cut to what is safe in a header and a path. */
export function analyticsCsvFileName(username: string, from: string, to: string): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '').replace(/^\.+/, '') || 'account'
  return `hookpost-analytics-${safe}-${from}-${to}.csv`
}
