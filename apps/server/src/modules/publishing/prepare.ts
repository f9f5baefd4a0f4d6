import { MESSAGES } from '@hookpost/shared'
import { announceMany } from './announcements'
import type { Engine, Prepared } from './engine'
import type { PostRow } from './post-views.repository'
import { sendClaimed } from './send'

/*
 * Ahead of time: prepare, arm, fire at the due millisecond (ADR 026). A post's job runs a look-ahead before its time;
 * the post is prepared (its file checked, its account's token read) and armed in memory; at its time it is claimed —
 * the posts falling due together in one statement — and sent.
 */

const MAX_TIMER_MS = 60_000
/** How long posts being prepared share their account's token read. */
const TOKEN_SHARE_MS = 10_000

/**
 * Access tokens by account, shared by the posts prepared in the same few seconds (a creator's posts of one minute
 * need one read and at most one refresh). A token handed out is fresh for an hour (accounts.accessToken), so one
 * read a moment ago is as good; a token TikTok refuses anyway is refreshed once at the init, as always.
 */
function preparedToken({ tokens, accounts, clock }: Engine, accountId: string): Promise<string> {
  const now = clock().getTime()
  const known = tokens.get(accountId)
  if (known && now - known.at < TOKEN_SHARE_MS) return known.token
  for (const [id, entry] of tokens) if (now - entry.at >= TOKEN_SHARE_MS) tokens.delete(id)
  const token = accounts.accessToken(accountId)
  tokens.set(accountId, { at: now, token })
  token.catch(() => {
    if (tokens.get(accountId)?.token === token) tokens.delete(accountId)
  })
  return token
}

/** Waits in memory for its time; a post armed again replaces its earlier arming. */
function arm(engine: Engine, prepared: Prepared): void {
  const { arming, clock } = engine
  if (arming.stopped) return
  arming.armed.set(prepared.postId, prepared)
  // Sooner than the timer, or due already (the timer may be a minute-long wait set before the clock got here): now.
  if (prepared.dueAt < arming.timerAt || prepared.dueAt <= clock().getTime()) setTimer(engine, prepared.dueAt)
}

function setTimer(engine: Engine, at: number): void {
  const { arming, clock } = engine
  if (arming.timer) clearTimeout(arming.timer)
  arming.timerAt = at
  // Armed posts are due within the look-ahead; a longer wait (a job run early by a clock that differs from the
  // database's) is checked again every minute rather than overflowing setTimeout's 24.8 days.
  arming.timer = setTimeout(() => void fire(engine), Math.min(MAX_TIMER_MS, Math.max(0, at - clock().getTime())))
}

/** Whatever is due now is claimed (in batches) and sent; the timer moves to the next due post. */
async function fire(engine: Engine): Promise<void> {
  const { arming, clock, settings } = engine
  arming.timer = undefined
  arming.timerAt = Number.POSITIVE_INFINITY
  const now = clock().getTime()
  const due: Prepared[] = []
  let next = Number.POSITIVE_INFINITY
  for (const prepared of arming.armed.values()) {
    // Never before its time: a timer that fired a moment early just waits again.
    if (prepared.dueAt <= now) due.push(prepared)
    else next = Math.min(next, prepared.dueAt)
  }
  for (const prepared of due) arming.armed.delete(prepared.postId)
  if (next !== Number.POSITIVE_INFINITY) setTimer(engine, next)
  for (let i = 0; i < due.length; i += settings.claimBatch) {
    await claimAndSend(engine, due.slice(i, i + settings.claimBatch))
  }
}

async function claimAndSend(engine: Engine, batch: Prepared[]): Promise<void> {
  const { arming, repo, jobs, clock, log } = engine
  if (arming.stopped) return
  const ids = batch.map((p) => p.postId)
  let claimed: PostRow[]
  try {
    claimed = await repo.claimDueInternal(ids, clock())
  } catch (err) {
    // Nothing was claimed (the statement failed as a whole): the same posts are tried again in a second.
    log.warn(`[posts] claiming ${ids.length} due posts failed; trying again: ${String(err)}`)
    for (const prepared of batch) arm(engine, { ...prepared, dueAt: clock().getTime() + 1_000 })
    return
  }
  const byId = new Map(batch.map((p) => [p.postId, p]))
  for (const row of claimed) {
    const prepared = byId.get(row.id)
    byId.delete(row.id)
    // The post stays `publishing` if this throws (a bug, or the process stopping right after the claim): its mark is
    // not written yet, so the sweep gives it back after its lease, like a worker that died before video/init.
    try {
      jobs
        .run(() => sendClaimed(engine, row, prepared))
        .catch((err: unknown) => {
          log.error(`[posts] publishing post ${row.id} failed unexpectedly`, err)
        })
    } catch (err) {
      log.warn(`[posts] post ${row.id} claimed while stopping: ${String(err)}`)
    }
  }
  // Not claimed: moved to a later time (its new job arms it again), taken by another worker, deleted — or a draft
  // nobody approved by its time, which is skipped here and never sent (ADR 018).
  const skipped = await repo.skipDueDraftsInternal(clock(), MESSAGES.draftNotApproved, {
    ids: [...byId.keys()],
    limit: byId.size,
  })
  // After the marks of this batch are queued: the announcements must not delay the inits.
  setImmediate(() => void announceMany(engine, [...claimed.map((r) => r.id), ...skipped]))
}

/** `post.publish`: reads the post, does what does not depend on its content now, and arms it for its time. */
export async function prepare(engine: Engine, postId: string): Promise<void> {
  const found = await engine.readForPublishing(postId)
  const row = found?.post
  // A draft is armed too: at its time it is skipped unless it was approved meanwhile.
  if (!row || (row.state !== 'scheduled' && row.state !== 'draft')) return
  const dueAt = row.scheduledAt.getTime()
  if (row.state === 'draft') {
    arm(engine, { postId, dueAt, accountId: row.accountId, mediaId: row.mediaId, file: undefined, token: undefined })
    return
  }
  const file = found.media
  // A photo post has no file: its images are checked at its time (send-photo.ts).
  const fileReady =
    row.format === 'photo'
      ? undefined
      : file && (await engine.media.size(file.storageKey)) === file.sizeBytes
        ? file
        : null
  let token: string | undefined
  try {
    token = await preparedToken(engine, row.accountId)
  } catch {
    // Asked again at the post's time, where its failure decides the attempt as it always did.
    token = undefined
  }
  arm(engine, { postId, dueAt, accountId: row.accountId, mediaId: row.mediaId, file: fileReady, token })
}

/** No timer fires any more and nothing is armed again: what was armed is forgotten. */
export function stopPreparing({ arming }: Engine): void {
  arming.stopped = true
  if (arming.timer) clearTimeout(arming.timer)
  arming.armed.clear()
}
