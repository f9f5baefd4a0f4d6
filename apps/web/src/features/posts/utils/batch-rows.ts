import type { CreatorInfo } from '@hookpost/shared/posts'
import { batchRowIssue } from '@hookpost/shared/posts-batch'

export type RowField = 'video' | 'title' | 'accountId' | 'date' | 'time'
export type RowErrors = Partial<Record<RowField, string>>

/** One video of the batch and what the person gave it. */
export type BatchRow = {
  key: string
  fileName: string
  title: string
  accountId: string
  date: string
  time: string
  errors: RowErrors
}

/** Which row field a server issue is about (`rows.<i>.<field>`); the zone is the whole batch's, shown by the time. */
const ROW_FIELD: Record<string, RowField> = {
  title: 'title',
  description: 'title',
  accountId: 'accountId',
  date: 'date',
  time: 'time',
  timeZone: 'time',
  mediaId: 'video',
  row: 'video',
}

/**
 * What the chosen accounts all allow, as one creator for TikTok's settings: the privacy levels every one of them
 * offers, and an interaction greyed out when any of them turned it off (the server checks each row against its own).
 */
export function combineCreators(creators: CreatorInfo[]): CreatorInfo | undefined {
  const [first, ...rest] = creators
  if (!first) return undefined
  return rest.reduce<CreatorInfo>(
    (all, c) => ({
      ...all,
      privacyLevelOptions: all.privacyLevelOptions.filter((level) => c.privacyLevelOptions.includes(level)),
      commentDisabled: all.commentDisabled || c.commentDisabled,
      duetDisabled: all.duetDisabled || c.duetDisabled,
      stitchDisabled: all.stitchDisabled || c.stitchDisabled,
      cannotPostReason: all.cannotPostReason ?? c.cannotPostReason,
    }),
    first,
  )
}

/**
 * A refused batch's issues (`details[].path` like `rows.3.date`), shown where they belong: each row's problems by the
 * row's key, first per field; who-can-view and the interactions are the whole batch's, so their first issue is the
 * settings' own.
 */
export function batchRefusal(
  details: readonly { path: string; message: string }[],
  sent: readonly BatchRow[],
): { byRow: Map<string, RowErrors>; settings: string | undefined } {
  const byRow = new Map<string, RowErrors>()
  let settings: string | undefined
  for (const detail of details) {
    const issue = batchRowIssue(detail.path)
    const row = issue ? sent[issue.index] : undefined
    if (!issue || !row) continue
    if (issue.field === 'privacyLevel' || issue.field.startsWith('allow')) {
      settings ??= detail.message
      continue
    }
    const field = ROW_FIELD[issue.field] ?? 'video'
    const errors = byRow.get(row.key) ?? {}
    errors[field] ??= detail.message
    byRow.set(row.key, errors)
  }
  return { byRow, settings }
}
