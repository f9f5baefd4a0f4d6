import { describe, expect, it } from 'vitest'
import { ANALYTICS_CSV_COLUMNS } from '@hookpost/shared'
import {
  ANALYTICS_CSV_HEADER,
  analyticsCsvChunks,
  analyticsCsvFileName,
  csvCell,
  type AnalyticsCsvRow,
} from './analytics-csv'

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

  it('quotes a field with a semicolon, so spreadsheets that split at ; keep it one cell', () => {
    expect(csvCell('one; two')).toBe('"one; two"')
    expect(csvCell('a;b,c')).toBe('"a;b,c"')
  })

  it('disarms a formula after a semicolon as it does at the start (Excel in ; locales)', () => {
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe(`"x;'=cmd|' /C calc'!A0"`)
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`a;${start}1`)
      expect(cell.startsWith(`"a;'${start}1`), JSON.stringify(start)).toBe(true)
    }
    // Every one of them, with quotes doubled after the apostrophe goes in, and a leading one as well.
    expect(csvCell('=1;+2;"3";@4')).toBe(`"'=1;'+2;""3"";'@4"`)
    // A semicolon followed by anything else is left as written; so is one at the very end.
    expect(csvCell('a; =b;c;')).toBe('"a; =b;c;"')
  })
})

describe('analyticsCsvChunks', () => {
  const row = (overrides: Partial<AnalyticsCsvRow> = {}): AnalyticsCsvRow => ({
    ...(Object.fromEntries(ANALYTICS_CSV_COLUMNS.map((c) => [c, null])) as AnalyticsCsvRow),
    post_id: 'p1',
    views: 10,
    ...overrides,
  })
  async function* pagesOf(...pages: AnalyticsCsvRow[][]) {
    for (const page of pages) yield page
  }
  const collect = async (pages: AsyncIterable<AnalyticsCsvRow[]>) => {
    const chunks: string[] = []
    for await (const chunk of analyticsCsvChunks(pages)) chunks.push(chunk)
    return chunks
  }

  it('sends the header, then one chunk of CRLF-ended lines per page, columns in the contract’s order', async () => {
    const chunks = await collect(
      pagesOf([row(), row({ post_id: 'p2', title: 'Hi, there', hook_text: '@you' })], [], [row({ post_id: 'p3' })]),
    )
    expect(chunks).toHaveLength(3)
    expect(chunks[0]).toBe(`${ANALYTICS_CSV_COLUMNS.join(',')}\r\n`)
    const lines = chunks.join('').split('\r\n')
    expect(lines[1]).toBe(`p1,,,,10${','.repeat(10)}`)
    expect(lines[2]).toBe(`p2,,"Hi, there",,10,,,,,,'@you,,,,`)
    expect(lines[3]).toBe(`p3,,,,10${','.repeat(10)}`)
    expect(lines.slice(4)).toEqual([''])
  })

  it('is just the header without rows', async () => {
    expect(await collect(pagesOf())).toEqual([ANALYTICS_CSV_HEADER])
  })

  it('has sent the header before it asks for the first page', async () => {
    let asked = false
    async function* slow() {
      asked = true
      yield [row()]
    }
    const chunks = analyticsCsvChunks(slow())
    expect((await chunks.next()).value).toBe(ANALYTICS_CSV_HEADER)
    expect(asked).toBe(false)
    expect((await chunks.next()).value).toMatch(/^p1,/)
    expect(asked).toBe(true)
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
