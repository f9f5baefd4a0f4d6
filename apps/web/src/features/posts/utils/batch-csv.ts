import { BATCH_MAX_ROWS } from '@hookpost/shared/posts-batch'
import { MESSAGES } from '@hookpost/shared/messages'

/**
 * Batch scheduling's CSV import (issue 21 item 3). One line per video already dropped in the dialog, matched by its
 * file name; the caption becomes the post's title; the date and time are in the zone the dialog shows; the account is
 * its @username. The browser reads the file; the server checks every row again when it is scheduled.
 */
export const BATCH_CSV_COLUMNS = ['file', 'caption', 'date', 'time', 'account'] as const
export type BatchCsvColumn = (typeof BATCH_CSV_COLUMNS)[number]

/** What a line sets on the row of its video, and what is wrong with it (by the row's field). */
export type BatchCsvLine = {
  /** The line's number in the file (the header is line 1), as a spreadsheet shows it. */
  line: number
  file: string
  title: string
  date: string
  time: string
  /** '' when the @username is none of the person's accounts (then `errors.accountId` says so). */
  accountId: string
  errors: Partial<Record<'title' | 'date' | 'time' | 'accountId', string>>
}

export type BatchCsvResult = {
  lines: BatchCsvLine[]
  /** Problems of the file itself, or of a line that fits no dropped video: shown above the rows. */
  problems: string[]
}

/**
 * RFC 4180 fields: commas, quotes doubled inside quoted fields, line breaks inside quoted fields, CRLF or LF, and a
 * leading byte-order mark (spreadsheet programs write one). Blank lines are dropped. Each record keeps its line number.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const records: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  const endRecord = () => {
    fields.push(field)
    if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ line: recordLine, fields })
    fields = []
    field = ''
  }
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') {
        quoted = false
      } else {
        if (ch === '\n') line++
        field += ch
      }
    } else if (ch === '"' && field.trim() === '') {
      field = ''
      quoted = true
    } else if (ch === ',') {
      fields.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++
      endRecord()
      line++
      recordLine = line
    } else {
      field += ch
    }
  }
  if (field !== '' || fields.length > 0) endRecord()
  return records
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
const TIME = /^(\d{1,2}):(\d{2})$/

/** '9:30' → '09:30'; null for anything that is not a 24-hour time. */
function normalTime(value: string): string | null {
  const match = TIME.exec(value)
  if (!match) return null
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (hours > 23 || minutes > 59) return null
  return `${String(hours).padStart(2, '0')}:${match[2]}`
}

/**
 * Reads a batch CSV against the videos in the dialog (`fileNames`) and the person's accounts. The header names the
 * columns (any order, any case); a line for a file that is not among the videos, or a second line for the same file,
 * is a problem of the file. A line's own problems (a date that is no date, an unknown account) stay with its row.
 */
export function readBatchCsv(
  text: string,
  fileNames: readonly string[],
  accounts: readonly { id: string; accountUsername: string }[],
): BatchCsvResult {
  const records = parseCsv(text)
  const header = records.shift()
  if (!header) return { lines: [], problems: [MESSAGES.batchCsvEmpty] }
  const names = header.fields.map((f) => f.trim().toLowerCase())
  const missing = BATCH_CSV_COLUMNS.filter((c) => !names.includes(c))
  if (missing.length > 0) {
    return { lines: [], problems: [`${MESSAGES.batchCsvHeader} Missing: ${missing.join(', ')}.`] }
  }
  if (records.length > BATCH_MAX_ROWS) return { lines: [], problems: [MESSAGES.batchTooManyRows] }
  const column = (fields: string[], name: BatchCsvColumn) => (fields[names.indexOf(name)] ?? '').trim()

  const known = new Set(fileNames)
  const seen = new Set<string>()
  const lines: BatchCsvLine[] = []
  const problems: string[] = []
  for (const { line, fields } of records) {
    const file = column(fields, 'file')
    if (!file) {
      problems.push(`Line ${line}: the file column is empty. Give the name of one of the videos above.`)
      continue
    }
    if (!known.has(file)) {
      problems.push(`Line ${line}: no video named “${file}” is in this batch. Drop it above first, or fix the name.`)
      continue
    }
    if (seen.has(file)) {
      problems.push(`Line ${line}: “${file}” already has a line above. Each video takes one line.`)
      continue
    }
    seen.add(file)

    const errors: BatchCsvLine['errors'] = {}
    const title = column(fields, 'caption')
    if (!title) errors.title = 'Please fill in all required fields'

    const rawDate = column(fields, 'date')
    const date = isCalendarDate(rawDate) ? rawDate : ''
    if (!date) errors.date = `“${rawDate}” is not a date. Write dates as YYYY-MM-DD, e.g. 2026-12-24.`

    const rawTime = column(fields, 'time')
    const time = normalTime(rawTime) ?? ''
    if (!time) errors.time = `“${rawTime}” is not a time. Write times as HH:MM on the 24-hour clock, e.g. 18:30.`

    const username = column(fields, 'account').replace(/^@/, '')
    const account = accounts.find((a) => a.accountUsername.toLowerCase() === username.toLowerCase())
    if (!account) {
      errors.accountId = username
        ? `@${username} is not one of your TikTok accounts. Choose one here, or fix the CSV.`
        : 'Please choose a TikTok account'
    }
    lines.push({ line, file, title, date, time, accountId: account?.id ?? '', errors })
  }
  return { lines, problems }
}
