import {
  BATCH_MAX_ROWS,
  MESSAGES,
  schedulePostBodySchema,
  type BatchPostRow,
  type CreatorInfo,
  type Post,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { PostRow } from '../publishing'
import { checkNewPost, insertNewPost, type CheckedPost, type CreatorLookup, type NewPost } from './new-post'
import { resolveScheduleTime, type PostIssue } from './post-rules'
import { orFail, viewAndAnnounce, type PostsServiceDeps } from './posts-context'

/** A batch row's own problems (a rule, another user's video or account, a reconnect); anything else fails the batch. */
const ROW_ERROR_CODES = new Set(['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'])

/**
 * The rows of a batch, each held to the form's rules (`schedulePostBodySchema`, `resolveScheduleTime`,
 * `checkNewPost`); every broken rule of every row is collected as `rows.<index>.<field>`. A row's own problem (a
 * rule, another user's video or account, an account to reconnect) stays with its row; TikTok or the database
 * failing is the whole batch's and is thrown at once.
 */
async function checkBatch(deps: PostsServiceDeps, userId: string, rows: readonly BatchPostRow[]) {
  const { accounts, clock } = deps
  const now = clock()
  // One creator_info per account for the whole batch: TikTok allows 20 a minute per token (tiktok-api.md §3.1).
  const creators = new Map<string, Promise<CreatorInfo>>()
  const creatorInfo: CreatorLookup = (accountId) => {
    let answer = creators.get(accountId)
    if (!answer) {
      answer = accounts.creatorInfo(userId, accountId)
      answer.catch(() => undefined)
      creators.set(accountId, answer)
    }
    return answer
  }
  const issues: PostIssue[] = []
  const ready: { input: NewPost; checked: CheckedPost }[] = []
  for (const [index, raw] of rows.entries()) {
    const at = (field: string, message: string) => issues.push({ path: `rows.${index}.${field}`, message })
    const parsed = schedulePostBodySchema.safeParse(raw)
    if (!parsed.success) {
      const seen = new Set<string>()
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row')
        if (!seen.has(field)) at(field, issue.message)
        seen.add(field)
      }
      continue
    }
    const time = resolveScheduleTime(parsed.data, now)
    if (!time.ok) {
      at(time.issue.path, time.issue.message)
      continue
    }
    const input: NewPost = { ...parsed.data, scheduledAt: time.scheduledAt }
    try {
      ready.push({ input, checked: await checkNewPost(deps, userId, input, creatorInfo) })
    } catch (err) {
      if (!(err instanceof AppError) || !ROW_ERROR_CODES.has(err.code)) throw err
      const detail = err.details?.[0]
      const field =
        detail?.path ??
        (err.message === MESSAGES.mediaNotFound
          ? 'mediaId'
          : err.message === MESSAGES.slideshowNotFound
            ? 'slideshowId'
            : err.message === MESSAGES.notFound
              ? 'row'
              : 'accountId')
      at(field, detail?.message ?? err.message)
    }
  }
  return { issues, ready }
}

/**
 * POST /api/posts/batch: many Schedule New Video forms at once, all or nothing. Every row is checked as the form
 * is; when any row breaks a rule, nothing is created and the answer names each row's problems
 * (`rows.<index>.<field>`). Otherwise every post and its job are written in one transaction.
 */
export function scheduleBatch(deps: PostsServiceDeps, userId: string, rows: readonly BatchPostRow[]): Promise<Post[]> {
  if (rows.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.batchEmpty)
  if (rows.length > BATCH_MAX_ROWS) throw new AppError('BAD_REQUEST', MESSAGES.batchTooManyRows)
  return orFail(deps, MESSAGES.scheduleFailed, async () => {
    const { issues, ready } = await checkBatch(deps, userId, rows)
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', MESSAGES.batchRowsInvalid, issues)
    const created = await deps.repo.transaction(async (scope) => {
      const inserted: PostRow[] = []
      for (const { input, checked } of ready) inserted.push(await insertNewPost(deps, scope, userId, input, checked))
      return inserted
    })
    const posts: Post[] = []
    for (const row of created) posts.push(await viewAndAnnounce(deps, userId, row.id))
    return posts
  })
}
