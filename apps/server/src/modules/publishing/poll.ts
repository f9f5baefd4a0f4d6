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

/**
 * The file went out (or, for a photo post, TikTok took the init and pulls the images): `processing_on_tiktok`, and
 * the first status poll.
 */
export async function startProcessing(
  engine: Engine,
  postId: string,
  attempt: number,
  format: 'video' | 'photo' = 'video',
): Promise<void> {
  const { repo, queue, clock, settings } = engine
  const now = clock()
  const deadlineMs =
    format === 'photo'
      ? Math.max(settings.unconfirmedAfterMs, settings.photoUnconfirmedAfterMs)
      : settings.unconfirmedAfterMs
  const processing = await repo.transaction(async ({ repo: tx, jobs }) => {
    if (!(await tx.markProcessingInternal(postId, attempt, now))) return false
    await queue.send(
      'post.poll',
      { postId, deadlineAt: later(engine, deadlineMs).toISOString(), round: 0 },
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
    case 'inbox':
      return repo.markSentToInboxInternal(row.id, publishId, now)
    case 'poll':
      return false
  }
}

/** A draft may wait in the inbox until `inboxDeadlineMs` after its claim (the claim time is stored: a sweep knows it). */
function inboxDeadline({ settings, clock }: Engine, row: PostRow): Date {
  const from = row.claimedAt ?? clock()
  return new Date(from.getTime() + settings.inboxDeadlineMs)
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
  const inInbox = row.state === 'sent_to_inbox'
  const following = row.state === 'publishing' || row.state === 'processing_on_tiktok' || inInbox
  if (!following && !awaitingPostId) return

  const outcome = await fetchStatus(engine, row, publishId)
  const now = clock()
  const deadlineAt = inInbox ? inboxDeadline(engine, row) : new Date(payload.deadlineAt)
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

  const context = { now, deadlineAt, round: payload.round, inInbox }
  const decision = outcome.ok
    ? decideStatus(outcome.status, context, settings)
    : decideStatusFailure(outcome.failure, context, settings)
  if (decision.type === 'poll') {
    await schedulePoll(engine, row.id, next, decision.delayMs)
    return
  }
  if (decision.type === 'inbox') {
    // Announced (and the person notified) once; the creator may take a day, so the next checks are slow.
    if (await settle(engine, row, publishId, decision)) await announce(engine, row.id)
    await schedulePoll(engine, row.id, { ...next, round: 0 }, settings.inboxPollMs)
    return
  }
  if (await settle(engine, row, publishId, decision)) {
    await announce(engine, row.id)
    // A draft's privacy is the creator's choice in TikTok: its public id may come, as for any post not SELF_ONLY.
    const waitForPostId =
      decision.type === 'uploaded' &&
      decision.tiktokPostId === null &&
      (row.postMode === 'inbox' || row.privacyLevel !== 'SELF_ONLY')
    const idDeadline = inInbox ? later(engine, settings.unconfirmedAfterMs) : deadlineAt
    if (waitForPostId && now < idDeadline) {
      const nextPayload = { ...next, deadlineAt: idDeadline.toISOString() }
      await schedulePoll(engine, row.id, nextPayload, pollDelayMs(payload.round, settings))
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
  const inInbox = row.state === 'sent_to_inbox'
  const decision = decideStatus(outcome.status, { now, deadlineAt: new Date(8.64e15), round: 0, inInbox }, settings)
  if (decision.type !== 'poll' && (await settle(engine, row, publishId, decision))) await announce(engine, row.id)
  return true
}
