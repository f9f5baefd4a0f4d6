import { announce } from './announcements'
import { later, type Engine } from './engine'
import { classifyFailure, decideFailedAttempt, type PublishFailure } from './post-state-machine'
import type { PostRow } from './post-views.repository'
import { publishNow } from './publish-jobs'

/*
 * What every kind of init shares (a direct or inbox video, a photo post): the init sent once, with one more try when
 * TikTok refuses the token; and the state machine's verdict when an attempt fails before TikTok gave a publish_id.
 */

export type InitOutcome<T> = { ok: true; init: T } | { ok: false; failure: PublishFailure }

/** The init, once; when TikTok refuses the token, once more with a freshly refreshed one. */
export async function initOnce<T>(
  { accounts }: Pick<Engine, 'accounts'>,
  row: PostRow,
  token: string,
  send: (token: string) => Promise<T>,
): Promise<InitOutcome<T>> {
  try {
    return { ok: true, init: await send(token) }
  } catch (err) {
    const failure = classifyFailure(err, true)
    if (failure.kind !== 'reauth') return { ok: false, failure }
  }
  // The access token was refused although it had not expired by our clock (revoked, or expired early): refresh.
  let fresh: string
  try {
    fresh = await accounts.accessToken(row.accountId, { force: true })
  } catch (err) {
    return { ok: false, failure: classifyFailure(err, false) }
  }
  try {
    return { ok: true, init: await send(fresh) }
  } catch (err) {
    return { ok: false, failure: classifyFailure(err, true) }
  }
}

/** Applies the state machine's verdict on an attempt that failed before TikTok gave us a publish_id. */
export async function endFailedAttempt(
  engine: Engine,
  row: PostRow,
  attempt: number,
  failure: PublishFailure,
): Promise<void> {
  const { repo, queue, clock, log, settings } = engine
  const decision = decideFailedAttempt(failure, attempt, settings)
  const now = clock()
  let changed: boolean
  if (decision.type === 'retry') {
    changed = await repo.transaction(async ({ repo: tx, jobs }) => {
      const released = await tx.releaseInternal(
        row.id,
        attempt,
        { errorMessage: decision.message, refundAttempt: decision.refundAttempt },
        now,
      )
      if (released) {
        await queue.reschedule(
          'post.publish',
          { postId: row.id },
          { singletonKey: row.id, startAfter: later(engine, decision.delayMs), tx: jobs },
        )
      }
      return released
    })
    if (changed) log.warn(`[posts] post ${row.id} attempt ${attempt}: ${failure.message}; retrying`)
  } else {
    changed = await repo.endAttemptInternal(
      row.id,
      attempt,
      { state: decision.type === 'fail' ? 'failed' : 'unconfirmed', errorMessage: decision.message },
      now,
    )
    if (changed) log.warn(`[posts] post ${row.id} ${decision.type}: ${decision.message}`)
  }
  if (changed) await announce(engine, row.id)
}

/** A stop arrived before the init was sent: give the post back untouched (no attempt used), due now. */
export async function giveBack(engine: Engine, row: PostRow, attempt: number): Promise<void> {
  const released = await engine.repo.transaction(async ({ repo: tx, jobs }) => {
    const ok = await tx.releaseInternal(row.id, attempt, { errorMessage: null, refundAttempt: true }, engine.clock())
    if (ok) await publishNow(engine, row.id, jobs)
    return ok
  })
  if (released) await announce(engine, row.id)
}
