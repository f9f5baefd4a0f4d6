import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  addDays,
  calendarPostListSchema,
  instantToZoned,
  MESSAGES,
  postListSchema,
  postSchema,
  type Post,
} from '@hookpost/shared'
import { post, tiktokAccount } from '../../db/schema'
import { inject, sleep } from '../../testing/http-test-kit'
import { eventually } from '../../testing/test-runtime'
import { inSeconds, postInput, sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { formAt, formBody, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * The posts API (the Schedule tab's calls) against the real server, its publishing engine and the TikTok sandbox:
 * schedule, move, delete, list, refuse, refresh. The engine's failure paths are in publishing/publishing.int.test.ts.
 */
const { world, db, person, row, until, publishJobs } = usePostsServer()

describe('the posts API', () => {
  it('schedules through the form, moves it to the next minute, and it goes out then (never at the old time)', async () => {
    const me = await person()
    const tomorrow = formAt(new Date(Date.now() + 86_400_000))
    const created = await inject(world.server, 'POST', '/api/posts', me.cookie, formBody(me, { ...tomorrow }))
    expect(created.statusCode).toBe(201)
    const scheduled = postSchema.parse(created.json().post)
    expect(scheduled).toMatchObject({ state: 'scheduled', title: 'Launch day', timeZone: 'UTC' })
    expect(scheduled.media).toMatchObject({ originalName: 'clip.mp4', durationMs: 3000 })
    expect(scheduled.account.sandbox).toBe(true)
    expect(new Date(scheduled.scheduledAt).toISOString().slice(11, 16)).toBe(tomorrow.time)

    // The next whole minute at least 5 s away: the form has no seconds.
    const next = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000)
    const moved = await inject(
      world.server,
      'PATCH',
      `/api/posts/${scheduled.id}`,
      me.cookie,
      formAt(next, 'Asia/Kolkata'),
    )
    expect(moved.statusCode).toBe(200)
    expect(moved.json().post).toMatchObject({ scheduledAt: next.toISOString(), timeZone: 'Asia/Kolkata' })
    // One job, moved to a look-ahead before the new time (it may have run already: the post is then armed for it).
    const jobs = await publishJobs(scheduled.id)
    expect(jobs).toHaveLength(1)
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(world.server.runtime.publishing.jobStartFor(next).getTime())

    const done = await until(scheduled.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)
    expect(done.state).toBe('uploaded')
    expect(done.claimedAt!.getTime()).toBeGreaterThanOrEqual(next.getTime())
    const [sent] = await sandboxVideos(world.sandbox, me.openId)
    expect(sent).toMatchObject({
      title: 'Launch day\n\nWe are live #launch',
      privacy_level: 'SELF_ONLY',
      disable_comment: false,
      disable_duet: false,
      disable_stitch: true,
    })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)

    const again = await inject(world.server, 'PATCH', `/api/posts/${scheduled.id}`, me.cookie, tomorrow)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(MESSAGES.onlyScheduledCanMove)
  }, 120_000)

  it('moving a post later moves its job: the old time passes and nothing is posted', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3) }))
    const later = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000)
    const moved = await inject(world.server, 'PATCH', `/api/posts/${p.id}`, me.cookie, formAt(later))
    expect(moved.statusCode).toBe(200)
    await sleep(5_000)
    expect((await row(p.id))!.state).toBe('scheduled')
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(0)
    const queued = (await publishJobs(p.id)).filter((j) => j.state === 'created')
    expect(queued).toHaveLength(1)
    expect(new Date(queued[0]!.start_after).getTime()).toBe(
      world.server.runtime.publishing.jobStartFor(later).getTime(),
    )
  })

  it('deleting a post cancels its job; a post being published cannot be deleted', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3) }))
    const deleted = await inject(world.server, 'DELETE', `/api/posts/${p.id}`, me.cookie)
    expect(deleted.statusCode).toBe(204)
    expect(await row(p.id)).toBeUndefined()
    // Cancelled, or run (the post was armed for its time: its claim then finds no row and sends nothing). A job that
    // started preparing just before the delete is active for a moment, then done.
    await eventually(async () => {
      const open = (await publishJobs(p.id)).filter((j) => j.state !== 'cancelled' && j.state !== 'completed')
      return open.length === 0 ? true : undefined
    }, 3_000)
    await sleep(4_500)
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(0)
    expect((await inject(world.server, 'DELETE', `/api/posts/${p.id}`, me.cookie)).statusCode).toBe(404)

    const busy = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    await db().update(post).set({ state: 'publishing' }).where(eq(post.id, busy.id))
    const refused = await inject(world.server, 'DELETE', `/api/posts/${busy.id}`, me.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.postInFlight)
    const unmoved = await inject(world.server, 'PATCH', `/api/posts/${busy.id}`, me.cookie, formAt(inSeconds(7200)))
    expect(unmoved.statusCode).toBe(409)
    expect(unmoved.json().message).toBe(MESSAGES.onlyScheduledCanMove)
    await db().update(post).set({ state: 'scheduled' }).where(eq(post.id, busy.id))
    expect((await inject(world.server, 'DELETE', `/api/posts/${busy.id}`, me.cookie)).statusCode).toBe(204)
  })

  it("lists only the user's posts in the window, by time; another user's post is 404 everywhere", async () => {
    const me = await person()
    const them = await person()
    const base = Date.now() + 10 * 86_400_000
    const late = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'second', scheduledAt: new Date(base + 3_600_000) }),
    )
    const early = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'first', scheduledAt: new Date(base) }),
    )
    const far = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'far', scheduledAt: new Date(base + 40 * 86_400_000) }),
    )
    const theirs = await world.server.runtime.posts.scheduleAt(
      them.userId,
      postInput({ ...them, scheduledAt: new Date(base) }),
    )

    const from = new Date(base - 86_400_000).toISOString()
    const to = new Date(base + 86_400_000).toISOString()
    const window = await inject(world.server, 'GET', `/api/posts?from=${from}&to=${to}`, me.cookie)
    expect(window.statusCode).toBe(200)
    expect(calendarPostListSchema.parse(window.json()).posts.map((p) => p.id)).toEqual([early.id, late.id])
    // Without a window: a month either side of now (`far`, 50 days ahead, is in the next months' calendars).
    const all = calendarPostListSchema.parse((await inject(world.server, 'GET', '/api/posts', me.cookie)).json()).posts
    expect(all.map((p) => p.id)).toEqual([early.id, late.id])
    const ahead = `/api/posts?from=${encodeURIComponent(new Date(base).toISOString())}`
    const fromOnly = calendarPostListSchema.parse((await inject(world.server, 'GET', ahead, me.cookie)).json()).posts
    expect(fromOnly.map((p) => p.id)).toEqual([early.id, late.id, far.id])
    const bad = await inject(world.server, 'GET', `/api/posts?from=${to}&to=${from}`, me.cookie)
    expect(bad.statusCode).toBe(400)
    expect((await inject(world.server, 'GET', '/api/posts')).statusCode).toBe(401)

    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', formAt(inSeconds(7200))],
      ['DELETE', undefined],
    ] as const) {
      const res = await inject(world.server, method, `/api/posts/${theirs.id}`, me.cookie, body)
      expect(res.statusCode, method).toBe(404)
    }
    expect((await inject(world.server, 'GET', '/api/posts/not-a-uuid', me.cookie)).statusCode).toBe(404)
    expect((await row(theirs.id))!.state).toBe('scheduled')
  })

  it("refuses what TikTok or the calendar would refuse, with the spec's words", async () => {
    const me = await person()
    const quiet = await person({ comment_disabled: true, max_video_post_duration_sec: 2 })
    const them = await person()
    const post400 = async (who: typeof me, overrides: Record<string, unknown>) => {
      const res = await inject(world.server, 'POST', '/api/posts', who.cookie, formBody(who, overrides))
      return { status: res.statusCode, message: res.json().message as string }
    }
    const past = new Date(Date.now() - 2 * 60_000)

    // 2027-03-14: New York's clocks jump from 02:00 to 03:00.
    expect(await post400(me, { date: '2027-03-14', time: '02:30', timeZone: 'America/New_York' })).toEqual({
      status: 400,
      message: MESSAGES.timeDoesNotExist,
    })
    expect(await post400(me, formAt(past))).toEqual({ status: 400, message: MESSAGES.dateInPast })
    expect(
      await post400(me, { ...formAt(past), date: addDays(instantToZoned(new Date(), 'UTC').date, -1), time: '23:59' }),
    ).toEqual({ status: 400, message: MESSAGES.dateInPast })
    // The horizon (ADR 021): 366 days ahead is a day too far.
    const todayUtc = instantToZoned(new Date(), 'UTC').date
    expect(await post400(me, { date: addDays(todayUtc, 366), time: '12:00', timeZone: 'UTC' })).toEqual({
      status: 400,
      message: MESSAGES.scheduleTooFar,
    })
    expect(await post400(me, { privacyLevel: 'FOLLOWER_OF_CREATOR' })).toEqual({
      status: 400,
      message: MESSAGES.privacyNotAllowed,
    })
    expect(await post400(me, { commercial: { enabled: true, yourBrand: false, brandedContent: true } })).toEqual({
      status: 400,
      message: MESSAGES.brandedNotPrivate,
    })
    expect(await post400(me, { commercial: { enabled: true, yourBrand: false, brandedContent: false } })).toEqual({
      status: 400,
      message: MESSAGES.commercialNeedsChoice,
    })
    expect(await post400(me, { title: 'T'.repeat(100), description: 'd'.repeat(2200) })).toEqual({
      status: 400,
      message: MESSAGES.captionTooLong,
    })
    expect(await post400(quiet, { allowComment: true })).toEqual({ status: 400, message: MESSAGES.commentsDisabled })
    expect(await post400(quiet, { allowComment: false })).toEqual({
      status: 400,
      message: `${MESSAGES.videoTooLongForAccount} (2 seconds at most)`,
    })
    expect((await post400(me, { title: '' })).status).toBe(400)
    expect(await post400(me, { mediaId: them.mediaId })).toMatchObject({ status: 404 })
    expect(await post400(me, { accountId: them.accountId })).toMatchObject({ status: 404 })
    expect(await post400(me, { mediaId: 'nope' })).toMatchObject({ status: 404 })

    await db().update(tiktokAccount).set({ status: 'reconnect_required' }).where(eq(tiktokAccount.id, me.accountId))
    const inactive = await post400(me, {})
    expect(inactive.status).toBe(409)
    expect(inactive.message).toContain(MESSAGES.reconnectRequired)
    await db().update(tiktokAccount).set({ status: 'active' }).where(eq(tiktokAccount.id, me.accountId))

    const moveToGap = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const gap = await inject(world.server, 'PATCH', `/api/posts/${moveToGap.id}`, me.cookie, {
      date: '2027-03-14',
      time: '02:30',
      timeZone: 'America/New_York',
    })
    expect(gap.json().message).toBe(MESSAGES.timeDoesNotExist)
    const intoPast = await inject(world.server, 'PATCH', `/api/posts/${moveToGap.id}`, me.cookie, formAt(past))
    expect([intoPast.statusCode, intoPast.json().message]).toEqual([400, MESSAGES.dateInPast])
    const tooFar = await inject(world.server, 'PATCH', `/api/posts/${moveToGap.id}`, me.cookie, {
      date: addDays(todayUtc, 400),
      time: '09:00',
      timeZone: 'UTC',
    })
    expect([tooFar.statusCode, tooFar.json().message]).toEqual([400, MESSAGES.scheduleTooFar])
    await expect(
      world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(367 * 86_400) })),
    ).rejects.toMatchObject({ message: MESSAGES.scheduleTooFar })
    expect(
      calendarPostListSchema.parse((await inject(world.server, 'GET', '/api/posts', me.cookie)).json()).posts,
    ).toHaveLength(1)
  })

  it('Refresh Status asks TikTok again about unconfirmed posts', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(1) }))
    const uploaded = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    expect(uploaded.state).toBe('uploaded')
    // As if TikTok had not answered before the deadline, but has since.
    await db().update(post).set({ state: 'unconfirmed', errorMessage: MESSAGES.unconfirmed }).where(eq(post.id, p.id))
    const res = await inject(world.server, 'POST', '/api/posts/refresh-status', me.cookie)
    expect(res.statusCode).toBe(200)
    const posts: Post[] = postListSchema.parse(res.json()).posts
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({ id: p.id, state: 'uploaded', errorMessage: null })
    expect(
      postListSchema.parse((await inject(world.server, 'POST', '/api/posts/refresh-status', me.cookie)).json()).posts,
    ).toEqual([])
  })
})
