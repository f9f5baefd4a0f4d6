import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { calendarPostListSchema, MESSAGES, postSchema, type ServerEvent } from '@hookpost/shared'
import { post, postHook } from '../../db/schema'
import { inject, sleep } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { eventually } from '../../testing/test-runtime'
import { inSeconds, postInput, sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { formAt, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * Editing a post before it goes out (PATCH /api/posts/:id), and drafts awaiting approval (issue 18, ADR 018), against
 * the real server, its publishing engine and the TikTok sandbox: what the sandbox receives is what was last approved.
 */
const { world, db, person, connectNewCreator, row, until, publishJobs } = usePostsServer()

/** The next whole minute at least `seconds` away: the form has no seconds. */
const nextMinute = (seconds: number) => new Date(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000)

async function patch(cookie: string, id: string, body: unknown) {
  const res = await inject(world.server, 'PATCH', `/api/posts/${id}`, cookie, body)
  return { status: res.statusCode, body: res.json() as { post?: unknown; message?: string } }
}

async function approve(cookie: string, id: string) {
  const res = await inject(world.server, 'POST', `/api/posts/${id}/approve`, cookie)
  return { status: res.statusCode, body: res.json() as { post?: unknown; message?: string } }
}

describe('editing a post before it goes out', () => {
  it('changes caption, privacy, interactions and time; the job moves with it; TikTok gets the edited caption', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(12) }))
    const edited = await patch(me.cookie, p.id, {
      title: 'Edited title',
      description: 'Edited caption, in my own words #edited',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: false,
      allowDuet: true,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(postSchema.parse(edited.body.post)).toMatchObject({
      title: 'Edited title',
      description: 'Edited caption, in my own words #edited',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: false,
      allowDuet: true,
      allowStitch: true,
      scheduledAt: p.scheduledAt,
      state: 'scheduled',
    })
    expect((await patch(me.cookie, p.id, { description: 'Final words #edited' })).status).toBe(200)

    // A new time moves the post and its job together, in the zone it was chosen in.
    const q = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    const at = nextMinute(7200)
    const moved = await patch(me.cookie, q.id, { title: 'Later', ...formAt(at, 'Asia/Kolkata') })
    expect(postSchema.parse(moved.body.post)).toMatchObject({
      title: 'Later',
      scheduledAt: at.toISOString(),
      timeZone: 'Asia/Kolkata',
    })
    const queued = (await publishJobs(q.id)).filter((j) => j.state === 'created')
    expect(queued).toHaveLength(1)
    expect(new Date(queued[0]!.start_after).getTime()).toBe(world.server.runtime.publishing.jobStartFor(at).getTime())

    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)
    expect(done.state).toBe('uploaded')
    const sent = await sandboxVideos(world.sandbox, me.openId)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      title: 'Edited title\n\nFinal words #edited',
      privacy_level: 'PUBLIC_TO_EVERYONE',
      disable_comment: true,
      disable_duet: false,
      disable_stitch: false,
    })

    // Done: nothing can be changed any more.
    const late = await patch(me.cookie, p.id, { title: 'Too late' })
    expect([late.status, late.body.message]).toEqual([409, MESSAGES.postNotEditable])
    const lateMove = await patch(me.cookie, p.id, formAt(inSeconds(7200)))
    expect([lateMove.status, lateMove.body.message]).toEqual([409, MESSAGES.onlyScheduledCanMove])
  }, 120_000)

  it('refuses what scheduling refuses, and changes nothing', async () => {
    const me = await person()
    const quiet = await person({ comment_disabled: true })
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    const q = await world.server.runtime.posts.scheduleAt(
      quiet.userId,
      postInput({ ...quiet, allowComment: false, scheduledAt: inSeconds(3600) }),
    )
    const before = await row(p.id)
    const refusals: [typeof me, string, Record<string, unknown>, string][] = [
      [me, p.id, { privacyLevel: 'FOLLOWER_OF_CREATOR' }, MESSAGES.privacyNotAllowed],
      [me, p.id, { title: 'T'.repeat(100), description: 'd'.repeat(2200) }, MESSAGES.captionTooLong],
      [me, p.id, formAt(new Date(Date.now() - 2 * 60_000)), MESSAGES.dateInPast],
      [me, p.id, { date: '2027-03-14', time: '02:30', timeZone: 'America/New_York' }, MESSAGES.timeDoesNotExist],
      [me, p.id, { title: '' }, 'Please fill in all required fields'],
      [me, p.id, { date: '2030-01-01' }, 'Please choose a date, a time and a time zone'],
      [quiet, q.id, { allowComment: true }, MESSAGES.commentsDisabled],
    ]
    for (const [who, id, body, message] of refusals) {
      const res = await patch(who.cookie, id, body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    expect(await row(p.id)).toEqual(before)
  })

  it('refuses a post being published; another person’s post is 404', async () => {
    const me = await person()
    const them = await person()
    const busy = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    await db().update(post).set({ state: 'publishing' }).where(eq(post.id, busy.id))
    const refused = await patch(me.cookie, busy.id, { title: 'Changed mid-flight' })
    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES.postNotEditable])
    expect((await approve(me.cookie, busy.id)).body.message).toBe(MESSAGES.onlyDraftsCanBeApproved)
    expect((await row(busy.id))!.title).toBe('Morning routine')

    const theirs = await world.server.runtime.posts.scheduleAt(
      them.userId,
      postInput({ ...them, draft: true, scheduledAt: inSeconds(3600) }),
    )
    expect((await patch(me.cookie, theirs.id, { title: 'Mine now' })).status).toBe(404)
    expect((await approve(me.cookie, theirs.id)).status).toBe(404)
    expect((await patch(me.cookie, 'not-a-uuid', { title: 'x' })).status).toBe(404)
    expect((await approve(me.cookie, 'not-a-uuid')).status).toBe(404)
    expect((await row(theirs.id))!).toMatchObject({ title: 'Morning routine', state: 'draft' })
    await db().update(post).set({ state: 'scheduled' }).where(eq(post.id, busy.id))
  })
})

describe('drafts awaiting approval', () => {
  it('an approved draft goes out; one not approved by its time is skipped by its job, never sent', async () => {
    const me = await person()
    const approved = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Approved one', draft: true, scheduledAt: inSeconds(10) }),
    )
    const ignored = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Ignored one', draft: true, scheduledAt: inSeconds(3) }),
    )
    expect(approved.state).toBe('draft')
    // A draft has its job (which arms it for its time, where it is skipped unless it was approved meanwhile).
    expect(await publishJobs(ignored.id)).toHaveLength(1)

    const skipped = await until(ignored.id, ['skipped', 'uploaded', 'publishing', 'failed'], 20_000)
    expect(skipped).toMatchObject({ state: 'skipped', errorMessage: MESSAGES.draftNotApproved })
    const tooLate = await approve(me.cookie, ignored.id)
    expect([tooLate.status, tooLate.body.message]).toEqual([409, MESSAGES.approveTooLate])

    const ok = await approve(me.cookie, approved.id)
    expect(ok.status).toBe(200)
    expect(postSchema.parse(ok.body.post)).toMatchObject({ state: 'scheduled', title: 'Approved one' })
    expect((await approve(me.cookie, approved.id)).body.message).toBe(MESSAGES.onlyDraftsCanBeApproved)
    expect((await until(approved.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)).state).toBe('uploaded')
    const sent = await sandboxVideos(world.sandbox, me.openId)
    expect(sent.map((v) => v.title)).toEqual(['Approved one\n\nThree things I do before 7 #routine @friend'])

    // A skipped draft needs a new time to come back, and then waits for approval again.
    const noTime = await patch(me.cookie, ignored.id, { title: 'Second chance' })
    expect([noTime.status, noTime.body.message]).toEqual([400, MESSAGES.skippedNeedsNewTime])
    const revived = await patch(me.cookie, ignored.id, { title: 'Second chance', ...formAt(inSeconds(7200)) })
    expect(postSchema.parse(revived.body.post)).toMatchObject({
      state: 'draft',
      title: 'Second chance',
      errorMessage: null,
    })
    expect(postSchema.parse((await approve(me.cookie, ignored.id)).body.post).state).toBe('scheduled')
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  }, 120_000)

  it('the sweep skips a draft past its time whose job vanished (a restored backup, a crash)', async () => {
    const me = await person()
    const d = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, draft: true, scheduledAt: inSeconds(3600) }),
    )
    await db().execute(sql`delete from pgboss.job where name = 'post.publish' and singleton_key = ${d.id}`)
    await db()
      .update(post)
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where(eq(post.id, d.id))
    // Two sweeps at once (two workers): one skips it, the other finds nothing; nothing is sent either way.
    const [a, b] = await Promise.all([world.server.runtime.publishing.sweep(), world.server.runtime.publishing.sweep()])
    expect(a.skipped + b.skipped).toBe(1)
    expect(await row(d.id)).toMatchObject({ state: 'skipped', errorMessage: MESSAGES.draftNotApproved })
    expect(await sandboxVideos(world.sandbox, me.openId)).toEqual([])
  })
})

describe('moving a post to another account and replacing its video (issue 30 item 5)', () => {
  // A second, shorter clip: TikTok's sandbox tells the two apart by their size.
  let dir = ''
  let otherClip = ''
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'posts-edit-int-'))
    otherClip = path.join(dir, 'other.mp4')
    await makeVideo(otherClip, { seconds: 2, width: 540, height: 960 })
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  const otherVideo = (userId: string) =>
    storeMedia(world.server, userId, otherClip, {
      durationMs: 2_000,
      width: 540,
      height: 960,
      originalName: 'other.mp4',
    })

  it('moves it to the other account with the other video; the calendar shows it; posted now, it goes there', async () => {
    const me = await person()
    const ben = await connectNewCreator(me.cookie)
    const mediaId = await otherVideo(me.userId)
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    const heard: ServerEvent[] = []
    const stop = world.server.runtime.events.subscribe(me.userId, (event) => heard.push(event))
    try {
      const moved = await patch(me.cookie, p.id, { accountId: ben.accountId, mediaId })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      expect(postSchema.parse(moved.body.post)).toMatchObject({
        accountId: ben.accountId,
        account: { accountUsername: ben.username },
        media: { originalName: 'other.mp4', durationMs: 2_000 },
        scheduledAt: p.scheduledAt,
        state: 'scheduled',
      })
      await eventually(async () =>
        heard.some((e) => e.type === 'post.updated' && e.post.id === p.id && e.post.accountId === ben.accountId)
          ? true
          : undefined,
      )
    } finally {
      stop()
    }
    const from = new Date(Date.now() - 60_000).toISOString()
    const to = new Date(Date.now() + 86_400_000).toISOString()
    const calendar = await inject(world.server, 'GET', `/api/posts?from=${from}&to=${to}`, me.cookie)
    expect(calendarPostListSchema.parse(calendar.json()).posts.find((c) => c.id === p.id)).toMatchObject({
      accountId: ben.accountId,
      account: { accountUsername: ben.username },
    })
    // The hook leaderboard counts it for the account and video it goes out with.
    const [hook] = await db().select().from(postHook).where(eq(postHook.postId, p.id))
    expect(hook).toMatchObject({ accountId: ben.accountId, sourceKey: `media:${mediaId}` })

    const now = await inject(world.server, 'POST', `/api/posts/${p.id}/post-now`, me.cookie)
    expect(now.statusCode).toBe(200)
    expect((await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)).state).toBe('uploaded')
    const sent = await sandboxVideos(world.sandbox, ben.openId)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.video_size).toBe(statSync(otherClip).size)
    expect(await sandboxVideos(world.sandbox, me.openId)).toEqual([])
  }, 120_000)

  it('checks the new creator’s rules and the new video’s length; a refusal changes nothing', async () => {
    const me = await person()
    // A private creator offers no 'Everyone' and takes no Stitch; another posts 2 seconds at most.
    const priv = await connectNewCreator(me.cookie, { is_private: true })
    const short = await connectNewCreator(me.cookie, { max_video_post_duration_sec: 2 })
    const p = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, privacyLevel: 'PUBLIC_TO_EVERYONE', scheduledAt: inSeconds(3600) }),
    )
    const before = await row(p.id)
    const refusals: [Record<string, unknown>, string][] = [
      [{ accountId: priv.accountId }, MESSAGES.privacyNotAllowed],
      [{ accountId: priv.accountId, privacyLevel: 'FOLLOWER_OF_CREATOR' }, MESSAGES.stitchesDisabled],
      [{ accountId: short.accountId }, `${MESSAGES.videoTooLongForAccount} (2 seconds at most)`],
      [{ slideshowId: crypto.randomUUID() }, MESSAGES.editWrongSource],
    ]
    for (const [body, message] of refusals) {
      const res = await patch(me.cookie, p.id, body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    expect(await row(p.id)).toEqual(before)

    const fixed = await patch(me.cookie, p.id, {
      accountId: priv.accountId,
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      allowStitch: false,
    })
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200)
    // The shorter video fits the short creator (a public one: 'Followers' is a private creator's option).
    const shorter = await otherVideo(me.userId)
    const toShort = await patch(me.cookie, p.id, {
      accountId: short.accountId,
      mediaId: shorter,
      privacyLevel: 'SELF_ONLY',
    })
    expect(toShort.status, JSON.stringify(toShort.body)).toBe(200)
    expect(await row(p.id)).toMatchObject({ accountId: short.accountId, mediaId: shorter })
  })

  it('refuses a post the publisher claimed, before or while it is checked, and leaves it whole', async () => {
    const me = await person()
    const ben = await connectNewCreator(me.cookie)
    const mediaId = await otherVideo(me.userId)
    const busy = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    await db().update(post).set({ state: 'publishing' }).where(eq(post.id, busy.id))
    const before = await row(busy.id)
    const refused = await patch(me.cookie, busy.id, { accountId: ben.accountId, mediaId })
    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES.postNotEditable])
    expect(await row(busy.id)).toEqual(before)

    // Claimed while TikTok is asked about the new creator: the conditional update finds it taken.
    const raced = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', {
      latency_ms: 1_500,
      paths: ['/v2/post/publish/creator_info/query/'],
    })
    try {
      const pending = patch(me.cookie, raced.id, { accountId: ben.accountId, mediaId, title: 'Half changed?' })
      await sleep(400)
      await db().update(post).set({ state: 'publishing' }).where(eq(post.id, raced.id))
      const res = await pending
      expect([res.status, res.body.message]).toEqual([409, MESSAGES.postNotEditable])
    } finally {
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
    expect(await row(raced.id)).toMatchObject({
      accountId: me.accountId,
      mediaId: me.mediaId,
      title: 'Morning routine',
      state: 'publishing',
    })
    for (const id of [busy.id, raced.id]) await db().update(post).set({ state: 'scheduled' }).where(eq(post.id, id))
  })

  it('another person’s account or video is not found, and nothing changes', async () => {
    const me = await person()
    const them = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(3600) }))
    const before = await row(p.id)
    const refusals: [Record<string, unknown>, string][] = [
      [{ accountId: them.accountId }, MESSAGES.accountNotFound],
      [{ accountId: 'not-a-uuid' }, MESSAGES.accountNotFound],
      [{ mediaId: them.mediaId }, MESSAGES.mediaNotFound],
      [{ mediaId: crypto.randomUUID() }, MESSAGES.mediaNotFound],
    ]
    for (const [body, message] of refusals) {
      const res = await patch(me.cookie, p.id, body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([404, message])
    }
    expect(await row(p.id)).toEqual(before)
  })

  it('a queued post leaves its queue, keeping its time; an automation post moves but keeps its video', async () => {
    const me = await person()
    const ben = await connectNewCreator(me.cookie)
    const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '10:00' }))
    expect(
      (await inject(world.server, 'PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots })).statusCode,
    ).toBe(200)
    const added = await inject(world.server, 'POST', `/api/queue/${me.accountId}/posts`, me.cookie, {
      mediaId: me.mediaId,
      title: 'Queued',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
    })
    expect(added.statusCode, added.body).toBe(201)
    const queued = added.json<{ post: { id: string; scheduledAt: string } }>().post
    const queueOf = async (accountId: string) => {
      const res = await inject(world.server, 'GET', '/api/queue', me.cookie)
      const { queues } = res.json<{ queues: { accountId: string; entries: { postId: string | null }[] }[] }>()
      return queues.find((q) => q.accountId === accountId)?.entries.map((e) => e.postId)
    }
    expect(await queueOf(me.accountId)).toEqual([queued.id])
    const moved = await patch(me.cookie, queued.id, { accountId: ben.accountId })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(postSchema.parse(moved.body.post)).toMatchObject({
      accountId: ben.accountId,
      scheduledAt: queued.scheduledAt,
    })
    expect(await queueOf(me.accountId)).toEqual([])
    expect(await queueOf(ben.accountId)).toEqual([])

    const planned = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, source: 'automation', scheduledAt: inSeconds(3600) }),
    )
    const video = await patch(me.cookie, planned.id, { mediaId: await otherVideo(me.userId) })
    expect([video.status, video.body.message]).toEqual([400, MESSAGES.automationVideoFixed])
    const account = await patch(me.cookie, planned.id, { accountId: ben.accountId })
    expect(account.status, JSON.stringify(account.body)).toBe(200)
    expect(await row(planned.id)).toMatchObject({ accountId: ben.accountId, mediaId: me.mediaId, source: 'automation' })
  })
})
