import { describe, expect, it } from 'vitest'
import { MESSAGES, postSchema } from '@hookpost/shared'
import { inject, sleep } from '../../testing/http-test-kit'
import { inSeconds, postInput, sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { formAt, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * Rejecting a draft awaiting approval (POST /api/posts/:id/reject, ADR 048) against the real server, its publishing
 * engine and the TikTok sandbox: the draft is skipped for good, its job cancelled with it, and nothing is ever sent.
 */
const { world, person, row, publishJobs } = usePostsServer()

async function post(cookie: string, id: string, action: 'reject' | 'approve') {
  const res = await inject(world.server, 'POST', `/api/posts/${id}/${action}`, cookie)
  return { status: res.statusCode, body: res.json() as { post?: unknown; message?: string } }
}

describe('rejecting a draft', () => {
  it('skips it for good: its job is cancelled, it is never sent, approved or given a new time', async () => {
    const me = await person()
    const draft = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Rejected one', draft: true, scheduledAt: inSeconds(3600) }),
    )
    // A draft armed for its time (its job already running, ADR 026) is rejected just the same.
    const armed = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Rejected armed', draft: true, scheduledAt: inSeconds(4) }),
    )
    expect((await publishJobs(draft.id)).map((j) => j.state)).toEqual(['created'])

    const rejected = await post(me.cookie, draft.id, 'reject')
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    const shown = postSchema.parse(rejected.body.post)
    expect(shown).toMatchObject({ state: 'skipped', errorMessage: MESSAGES.rejectedReason })
    expect(shown.rejectedAt).not.toBeNull()
    // The job went with it, in the same transaction.
    expect((await publishJobs(draft.id)).map((j) => j.state)).toEqual(['cancelled'])

    // A second click answers it as it is; approval and a new time are refused, and it stays rejected.
    const again = await post(me.cookie, draft.id, 'reject')
    expect([again.status, postSchema.parse(again.body.post).rejectedAt]).toEqual([200, shown.rejectedAt])
    const approve = await post(me.cookie, draft.id, 'approve')
    expect([approve.status, approve.body.message]).toEqual([409, MESSAGES.rejectedCannotBeApproved])
    const revive = await inject(world.server, 'PATCH', `/api/posts/${draft.id}`, me.cookie, {
      title: 'Second chance',
      ...formAt(inSeconds(7200)),
    })
    expect([revive.statusCode, revive.json().message]).toEqual([409, MESSAGES.rejectedCannotBeApproved])
    const postNow = await inject(world.server, 'POST', `/api/posts/${draft.id}/post-now`, me.cookie)
    expect(postNow.statusCode).toBe(409)

    // The armed one's job, at its time, and the sweep leave it rejected; TikTok never hears of either.
    expect((await post(me.cookie, armed.id, 'reject')).status).toBe(200)
    await sleep(6_000)
    await world.server.runtime.publishing.sweep()
    for (const id of [draft.id, armed.id]) {
      expect(await row(id)).toMatchObject({ state: 'skipped', errorMessage: MESSAGES.rejectedReason, attempts: 0 })
    }
    expect(await sandboxVideos(world.sandbox, me.openId)).toEqual([])
  }, 60_000)

  it('refuses a post that is not a draft; another person’s draft is 404 and stays a draft', async () => {
    const me = await person()
    const them = await person()
    const scheduled = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const refused = await post(me.cookie, scheduled.id, 'reject')
    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES.onlyDraftsCanBeRejected])
    expect(await row(scheduled.id)).toMatchObject({ state: 'scheduled', rejectedAt: null })

    const theirs = await world.server.runtime.posts.scheduleAt(
      them.userId,
      postInput({ ...them, draft: true, scheduledAt: inSeconds(3600) }),
    )
    expect((await post(me.cookie, theirs.id, 'reject')).status).toBe(404)
    expect((await post(me.cookie, 'not-a-uuid', 'reject')).status).toBe(404)
    expect(await row(theirs.id)).toMatchObject({ state: 'draft', rejectedAt: null })
    expect((await publishJobs(theirs.id)).map((j) => j.state)).toEqual(['created'])
  })
})
