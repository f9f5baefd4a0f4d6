import { describe, expect, it } from 'vitest'
import { ANALYTICS_CSV_COLUMNS } from '@hookpost/shared'
import { analyticsCsv, analyticsCsvFileName, csvCell, type AnalyticsCsvRow } from './analytics-csv'

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and empties null', () => {
    expect(csvCell('Morning routine')).toBe('Morning routine')
    expect(csvCell(1234)).toBe('1234')
    expect(csvCell(0.125)).toBe('0.125')
    expect(csvCell(null)).toBe('')
    expect(csvCell('')).toBe('')
  })

  it('quotes fields with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('carriage\r\nreturn')).toBe('"carriage\r\nreturn"')
  })

  it('disarms text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}SUM(A1:A9)`)
      expect(cell.replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(true)
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    // Only at the start, and never our own numbers.
    expect(csvCell('5 = five')).toBe('5 = five')
    expect(csvCell(-3)).toBe('-3')
  })
})

describe('analyticsCsv', () => {
  const row = (overrides: Partial<AnalyticsCsvRow> = {}): AnalyticsCsvRow => ({
    ...(Object.fromEntries(ANALYTICS_CSV_COLUMNS.map((c) => [c, null])) as AnalyticsCsvRow),
    post_id: 'p1',
    views: 10,
    ...overrides,
  })

  it('writes the header, one CRLF-ended line per row, columns in the contract’s order', () => {
    const csv = analyticsCsv([row(), row({ post_id: 'p2', title: 'Hi, there', hook_text: '@you' })])
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe(ANALYTICS_CSV_COLUMNS.join(','))
    expect(lines[1]).toBe(`p1,,,,10${','.repeat(10)}`)
    expect(lines[2]).toBe(`p2,,"Hi, there",,10,,,,,,'@you,,,,`)
    expect(lines[3]).toBe('')
    expect(lines).toHaveLength(4)
  })

  it('is just the header without rows', () => {
    expect(analyticsCsv([])).toBe(`${ANALYTICS_CSV_COLUMNS.join(',')}\r\n`)
  })
})

describe('analyticsCsvFileName', () => {
  it('names the account and the dates, keeping only safe characters', () => {
    expect(analyticsCsvFileName('cafe.nomad_1', '2026-01-01', '2026-01-31')).toBe(
      'hookpost-analytics-cafe.nomad_1-2026-01-01-2026-01-31.csv',
    )
    expect(analyticsCsvFileName('a"b\r\n/../c', '2026-01-01', '2026-01-02')).toBe(
      'hookpost-analytics-ab..c-2026-01-01-2026-01-02.csv',
    )
    expect(analyticsCsvFileName('../', '2026-01-01', '2026-01-02')).toBe(
      'hookpost-analytics-account-2026-01-01-2026-01-02.csv',
    )
  })
})
