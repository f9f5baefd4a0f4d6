import { z } from 'zod'
import { MESSAGES } from './messages'
import type { PostFormat, PostMode } from './posts'

/**
 * Batch scheduling (issue 21 item 3): many posts in one request, created all together or not at all. Each row is a
 * Schedule New Video form (`schedulePostBodySchema`), held to exactly its rules and messages by the server, row by row.
 */

/** The most rows one batch may hold: 100 posts is more than three a day for a month, and one bounded transaction. */
export const BATCH_MAX_ROWS = 100

/**
 * One row as it travels: the form's fields with generous bounds only, so a row that breaks a rule (an empty title, a
 * date in the past, a privacy level not chosen) reaches the server's per-row check and is answered next to its row
 * with the form's own message, together with every other row's, rather than as one request-wide 400.
 */
export const batchPostRowSchema = z
  .object({
    accountId: z.string().max(64),
    /** 'video' (default) or 'photo' (a slideshow), issue 29. */
    format: z.string().max(16).optional(),
    /** 'direct' (default) or 'inbox' (a draft to the creator's TikTok inbox), issue 29. */
    postMode: z.string().max(16).optional(),
    /** The video, for format 'video'. */
    mediaId: z.string().max(64).optional(),
    /** The slideshow whose latest render is sent, for format 'photo'. */
    slideshowId: z.string().max(64).optional(),
    title: z.string().max(1_000),
    description: z.string().max(10_000).optional(),
    /** Required to post directly; a draft takes none. */
    privacyLevel: z.string().max(32).optional(),
    autoAddMusic: z.boolean().optional(),
    allowComment: z.boolean(),
    allowDuet: z.boolean(),
    allowStitch: z.boolean(),
    date: z.string().max(32),
    time: z.string().max(32),
    timeZone: z.string().max(64),
  })
  .meta({ id: 'BatchPostRow' })
export type BatchPostRow = z.input<typeof batchPostRowSchema>

export const batchScheduleBodySchema = z
  .object({
    rows: z
      .array(batchPostRowSchema)
      .min(1, { message: MESSAGES.batchEmpty })
      .max(BATCH_MAX_ROWS, { message: MESSAGES.batchTooManyRows }),
  })
  .meta({ id: 'BatchScheduleBody' })
export type BatchScheduleInput = z.input<typeof batchScheduleBodySchema>

/**
 * A refused batch answers 400 with `details` whose paths are `rows.<index>.<field>` (the row's position in the request,
 * from 0, and the form field the message is about). This reads one back: null for a path that is not a row's.
 */
export function batchRowIssue(path: string): { index: number; field: string } | null {
  const match = /^(?:body\.)?rows\.(\d+)(?:\.(\w+))?/.exec(path)
  if (!match) return null
  return { index: Number(match[1]), field: match[2] ?? 'row' }
}

/**
 * The CSV import's `format` and `mode` columns (issue 29), beside `file, caption, date, time, account`:
 *
 *   file,caption,date,time,account,format,mode
 *   launch.mp4,We are live,2026-12-01,09:00,@maya,video,direct
 *   5 morning habits,Five habits,2026-12-01,18:00,@maya,slideshow,draft
 *
 * `format` is `video` (the default when the column is absent or empty) or `slideshow`; `mode` is `direct` (default) or
 * `draft` (sent to the creator's TikTok inbox to finish there). For a video, `file` is the dropped video's file name as
 * before; for a slideshow it names one of the person's slideshows by its title (exactly, ignoring case) or its id.
 */
export const BATCH_CSV_FORMATS: Record<string, PostFormat> = { video: 'video', slideshow: 'photo' }
export const BATCH_CSV_MODES: Record<string, PostMode> = { direct: 'direct', draft: 'inbox' }
export const BATCH_CSV_FORMAT_PROBLEM = 'Format must be video or slideshow'
export const BATCH_CSV_MODE_PROBLEM = 'Mode must be direct or draft'

/** A CSV `format` cell as a post format ('' → video); null when it is neither. */
export function readBatchCsvFormat(cell: string | undefined): PostFormat | null {
  const value = (cell ?? '').trim().toLowerCase()
  return value === '' ? 'video' : (BATCH_CSV_FORMATS[value] ?? null)
}

/** A CSV `mode` cell as a post mode ('' → direct); null when it is neither. */
export function readBatchCsvMode(cell: string | undefined): PostMode | null {
  const value = (cell ?? '').trim().toLowerCase()
  return value === '' ? 'direct' : (BATCH_CSV_MODES[value] ?? null)
}

/**
 * The slideshow a CSV `file` cell names: by id, else by title (trimmed, ignoring case). `ambiguous` when several of the
 * person's slideshows share that title (the person then writes the id); null when none matches.
 */
export function findBatchCsvSlideshow<T extends { id: string; title: string }>(
  cell: string,
  slideshows: readonly T[],
): T | 'ambiguous' | null {
  const ref = cell.trim()
  const byId = slideshows.find((s) => s.id === ref)
  if (byId) return byId
  const byTitle = slideshows.filter((s) => s.title.trim().toLowerCase() === ref.toLowerCase())
  if (byTitle.length > 1) return 'ambiguous'
  return byTitle[0] ?? null
}
