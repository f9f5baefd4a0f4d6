import { describe, expect, it } from 'vitest'
import { BATCH_MAX_ROWS } from '@hookpost/shared/posts-batch'
import { MESSAGES } from '@hookpost/shared/messages'
import { parseCsv, readBatchCsv } from './batch-csv'

const accounts = [
  { id: 'acc-1', accountUsername: 'sage_cooks' },
  { id: 'acc-2', accountUsername: 'Sage.Travels' },
]
const files = ['morning.mp4', 'lunch.mov', 'evening.webm']
const header = 'file,caption,date,time,account'

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFa,b\r\n"one, two","say ""hi"""\r\n"multi\nline",x\n\n'
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['one, two', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'x'] },
    ])
  })

  it('keeps a last line without a line break, and empty fields', () => {
    expect(parseCsv('a,,c\nd,e,')).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 2, fields: ['d', 'e', ''] },
    ])
  })
})

describe('readBatchCsv', () => {
  it('matches lines to the videos by file name, captions with commas and quotes included', () => {
    const text = [
      '\uFEFF' + header,
      'lunch.mov,"Lunch, but make it ""fast""",2026-12-01,9:05,@sage_cooks',
      'morning.mp4,Morning routine #1,2026-12-02,18:30,sage.travels',
    ].join('\r\n')
    expect(readBatchCsv(text, files, accounts)).toEqual({
      problems: [],
      lines: [
        {
          line: 2,
          file: 'lunch.mov',
          title: 'Lunch, but make it "fast"',
          date: '2026-12-01',
          time: '09:05',
          accountId: 'acc-1',
          errors: {},
        },
        {
          line: 3,
          file: 'morning.mp4',
          title: 'Morning routine #1',
          date: '2026-12-02',
          time: '18:30',
          accountId: 'acc-2',
          errors: {},
        },
      ],
    })
  })

  it('takes the columns in any order and case', () => {
    const text = 'Account,TIME,date,Caption,File\n@sage_cooks,07:00,2026-12-03,Hi,evening.webm'
    expect(readBatchCsv(text, files, accounts).lines[0]).toMatchObject({
      file: 'evening.webm',
      title: 'Hi',
      date: '2026-12-03',
      time: '07:00',
      accountId: 'acc-1',
    })
  })

  it("keeps a line's own problems with its row: bad dates and times, unknown account, no caption", () => {
    const text = [header, 'morning.mp4,,2026-02-30,25:00,@nobody', 'lunch.mov,Ok,12/01/2026,noon,'].join('\n')
    const { lines, problems } = readBatchCsv(text, files, accounts)
    expect(problems).toEqual([])
    expect(lines[0]).toMatchObject({
      file: 'morning.mp4',
      date: '',
      time: '',
      accountId: '',
      errors: {
        title: 'Please fill in all required fields',
        date: '“2026-02-30” is not a date. Write dates as YYYY-MM-DD, e.g. 2026-12-24.',
        time: '“25:00” is not a time. Write times as HH:MM on the 24-hour clock, e.g. 18:30.',
        accountId: '@nobody is not one of your TikTok accounts. Choose one here, or fix the CSV.',
      },
    })
    expect(lines[1]!.errors).toEqual({
      date: '“12/01/2026” is not a date. Write dates as YYYY-MM-DD, e.g. 2026-12-24.',
      time: '“noon” is not a time. Write times as HH:MM on the 24-hour clock, e.g. 18:30.',
      accountId: 'Please choose a TikTok account',
    })
  })

  it('says which lines fit no video, and refuses a second line for the same video', () => {
    const text = [
      header,
      'other.mp4,A,2026-12-01,10:00,@sage_cooks',
      'morning.mp4,B,2026-12-01,10:00,@sage_cooks',
      'morning.mp4,C,2026-12-01,11:00,@sage_cooks',
      ',D,2026-12-01,10:00,@sage_cooks',
    ].join('\n')
    const { lines, problems } = readBatchCsv(text, files, accounts)
    expect(lines.map((l) => l.title)).toEqual(['B'])
    expect(problems).toEqual([
      'Line 2: no video named “other.mp4” is in this batch. Drop it above first, or fix the name.',
      'Line 4: “morning.mp4” already has a line above. Each video takes one line.',
      'Line 5: the file column is empty. Give the name of one of the videos above.',
    ])
  })

  it('counts lines as a spreadsheet does when a caption spans lines', () => {
    const text = `${header}\nmorning.mp4,"two\nlines",2026-12-01,10:00,@sage_cooks\nmissing.mp4,x,2026-12-01,10:00,@sage_cooks`
    expect(readBatchCsv(text, files, accounts).problems).toEqual([
      'Line 4: no video named “missing.mp4” is in this batch. Drop it above first, or fix the name.',
    ])
  })

  it('refuses a file without the header, an empty file, and more lines than a batch takes', () => {
    expect(readBatchCsv('morning.mp4,Hi,2026-12-01,10:00,@sage_cooks', files, accounts).problems).toEqual([
      `${MESSAGES.batchCsvHeader} Missing: file, caption, date, time, account.`,
    ])
    expect(readBatchCsv('\uFEFF\n\n', files, accounts).problems).toEqual([MESSAGES.batchCsvEmpty])
    const many = [header, ...Array.from({ length: BATCH_MAX_ROWS + 1 }, (_, i) => `v${i}.mp4,x,2026-12-01,10:00,a`)]
    expect(readBatchCsv(many.join('\n'), files, accounts).problems).toEqual([MESSAGES.batchTooManyRows])
  })
})
