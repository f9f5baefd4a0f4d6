import type { JobPayload } from '../../lib/job-queue'
import { announce } from './announcements'
import { later, type Engine } from './engine'
import {
  classifyFailure,
  decideStatus,
  decideStatusFailure,
  pollDelayMs,
  type StatusDecision,
  type StatusOutcome,
} from './post-state-machine'
import type { PostRow } from './post-views.repository'

/*
 * After the upload: TikTok processes the video and its status/fetch says how it ended. Each check is its own
 * `post.poll` job with a back-off (no worker waits), until a final state or the deadline (then `unconfirmed`).
 */

/** The file went out: `processing_on_tiktok`, and the first status poll. */
export async function startProcessing(engine: Engine, postId: string, attempt: number): Promise<void> {
  const { repo, queue, clock, settings } = engine
  const now = clock()
  const processing = await repo.transaction(async ({ repo: tx, jobs }) => {
    if (!(await tx.markProcessingInternal(postId, attempt, now))) return false
    await queue.send(
      'post.poll',
      { postId, deadlineAt: later(engine, settings.unconfirmedAfterMs).toISOString(), round: 0 },
      { startAfter: later(engine, pollDelayMs(0, settings)), singletonKey: postId, tx: jobs },
    )
    return true
  })
  if (processing) await announce(engine, postId)
}

/** One status/fetch; when TikTok refuses the token, once more with a freshly refreshed one. */
export async function fetchStatus(
  { accounts, tiktok }: Pick<Engine, 'accounts' | 'tiktok'>,
  row: PostRow,
  publishId: string,
): Promise<StatusOutcome> {
  let token: string
  try {
    token = await accounts.accessToken(row.accountId)
  } catch (err) {
    return { ok: false, failure: classifyFailure(err, false) }
  }
  try {
    return { ok: true, status: await tiktok.fetchStatus(token, publishId) }
  } catch (err) {
    const failure = classifyFailure(err, false)
    if (failure.kind !== 'reauth') return { ok: false, failure }
  }
  try {
    const fresh = await accounts.accessToken(row.accountId, { force: true })
    return { ok: true, status: await tiktok.fetchStatus(fresh, publishId) }
  } catch (err) {
    return { ok: false, failure: classifyFailure(err, false) }
  }
}

/** Applies a final verdict; returns whether the post changed. */
async function settle(
  { repo, clock }: Engine,
  row: PostRow,
  publishId: string,
  decision: StatusDecision,
): Promise<boolean> {
  const now = clock()
  switch (decision.type) {
    case 'uploaded':
      return repo.settleInternal(
        row.id,
        publishId,
        { state: 'uploaded', tiktokPostId: decision.tiktokPostId, publishedAt: now },
        now,
      )
    case 'failed':
      return repo.settleInternal(row.id, publishId, { state: 'failed', errorMessage: decision.message }, now)
    case 'unconfirmed':
      return repo.unconfirmInternal(row.id, publishId, decision.message, now)
    case 'poll':
      return false
  }
}

async function schedulePoll(engine: Engine, postId: string, payload: JobPayload<'post.poll'>, delayMs: number) {
  await engine.queue.send('post.poll', payload, { startAfter: later(engine, delayMs), singletonKey: postId })
}

/** `post.poll`: one status/fetch of an accepted publish; the next one is a new job. */
export async function poll(engine: Engine, payload: JobPayload<'post.poll'>): Promise<void> {
  const { repo, clock, settings } = engine
  const row = (await repo.findForPublishingInternal(payload.postId))?.post
  const publishId = row?.publishId
  if (!row || !publishId) return
  const awaitingPostId = row.state === 'uploaded' && row.tiktokPostId === null
  if (row.state !== 'publishing' && row.state !== 'processing_on_tiktok' && !awaitingPostId) return

  const outcome = await fetchStatus(engine, row, publishId)
  const now = clock()
  const deadlineAt = new Date(payload.deadlineAt)
  const next = { ...payload, round: payload.round + 1 }
  await repo.touchStatusInternal(row.id, publishId, now)

  if (awaitingPostId) {
    // Published; the public post id appears once moderation is done (tiktok-api.md §3.7). Keep asking until the deadline.
    const postIdNow = outcome.ok ? outcome.status.publicPostIds[0] : undefined
    if (postIdNow) {
      if (await repo.setTiktokPostIdInternal(row.id, publishId, postIdNow, now)) await announce(engine, row.id)
    } else if (now < deadlineAt) {
      await schedulePoll(engine, row.id, next, pollDelayMs(payload.round, settings))
    }
    return
  }

  const context = { now, deadlineAt, round: payload.round }
  const decision = outcome.ok
    ? decideStatus(outcome.status, context, settings)
    : decideStatusFailure(outcome.failure, context, settings)
  if (decision.type === 'poll') {
    await schedulePoll(engine, row.id, next, decision.delayMs)
    return
  }
  if (await settle(engine, row, publishId, decision)) {
    await announce(engine, row.id)
    const waitForPostId =
      decision.type === 'uploaded' && decision.tiktokPostId === null && row.privacyLevel !== 'SELF_ONLY'
    if (waitForPostId && now < deadlineAt) {
      await schedulePoll(engine, row.id, next, pollDelayMs(payload.round, settings))
    }
  }
}

/**
 * "Refresh Status": one status check of an accepted publish, now. A final answer settles the post (also an
 * `unconfirmed` one); otherwise it stays as it is. Returns false when TikTok could not be asked.
 */
export async function refresh(engine: Engine, row: PostRow): Promise<boolean> {
  const { repo, clock, settings } = engine
  const publishId = row.publishId
  if (!publishId) return true
  const outcome = await fetchStatus(engine, row, publishId)
  if (!outcome.ok) return false
  const now = clock()
  await repo.touchStatusInternal(row.id, publishId, now)
  const decision = decideStatus(outcome.status, { now, deadlineAt: new Date(8.64e15), round: 0 }, settings)
  if (decision.type !== 'poll' && (await settle(engine, row, publishId, decision))) await announce(engine, row.id)
  return true
}
