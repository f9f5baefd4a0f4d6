import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { MESSAGES, postListSchema, postSchema, type Post, type ServerEvent } from '@hookpost/shared'
import { post, tiktokAccount } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { eventually } from '../../testing/test-runtime'
import { inSeconds, postInput, sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { formAt, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * Duplicate and Post now (issue 21 item 1) against the real server, its publishing engine and the TikTok sandbox: a
 * duplicate is a new post with the original's video, account, caption and settings; Post now publishes a scheduled
 * post once, through the usual engine, and refuses anything else unchanged. The edit dialog's last gap, the commercial
 * content disclosure, is here too.
 */
const { world, db, person, connectNewCreator, row, until, publishJobs } = usePostsServer()

async function call(cookie: string, path: string, body?: unknown) {
  const res = await inject(world.server, 'POST', path, cookie, body)
  return {
    status: res.statusCode,
    body: res.json() as { post?: unknown; posts?: unknown[]; message?: string; details?: unknown[] },
  }
}
const duplicate = (cookie: string, id: string, body: unknown) => call(cookie, `/api/posts/${id}/duplicate`, body)
const postNow = (cookie: string, id: string) => call(cookie, `/api/posts/${id}/post-now`)

async function postsOf(userId: string) {
  return db().select().from(post).where(eq(post.userId, userId))
}

describe('duplicating a post', () => {
  it('makes a new scheduled post with the same video, account, caption and settings, at the new time', async () => {
    const me = await person()
    const original = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({
        ...me,
        title: 'Best of the week',
        privacyLevel: 'PUBLIC_TO_EVERYONE',
        allowDuet: true,
        commercial: { enabled: true, yourBrand: true, brandedContent: false },
        scheduledAt: inSeconds(3600),
      }),
    )
    const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000)
    const res = await duplicate(me.cookie, original.id, formAt(at, 'Asia/Tokyo'))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [copy] = postListSchema.parse(res.body).posts as [Post]
    expect(copy.id).not.toBe(original.id)
    expect(copy).toMatchObject({
      accountId: me.accountId,
      title: 'Best of the week',
      description: original.description,
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: true,
      allowDuet: true,
      allowStitch: true,
      scheduledAt: at.toISOString(),
      timeZone: 'Asia/Tokyo',
      state: 'scheduled',
      source: 'manual',
      tiktokPostId: null,
    })
    const stored = await row(copy.id)
    expect(stored).toMatchObject({
      mediaId: me.mediaId,
      brandOrganicToggle: true,
      brandContentToggle: false,
      publishId: null,
      automationSlotId: null,
    })
    // It has its own publish job at its time; the original keeps its own.
    expect((await publishJobs(copy.id)).filter((j) => j.state === 'created')).toHaveLength(1)
    expect((await row(original.id))!.scheduledAt.toISOString()).toBe(original.scheduledAt)
  })

  it('copies a post that went out without copying its publish, and posts the copy as a new video', async () => {
    const me = await person()
    const done = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Went out', scheduledAt: inSeconds(4) }),
    )
    expect((await until(done.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)).state).toBe('uploaded')
    const res = await duplicate(me.cookie, done.id, formAt(inSeconds(7200)))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [copy] = postListSchema.parse(res.body).posts as [Post]
    expect(copy).toMatchObject({ state: 'scheduled', tiktokPostId: null, publishedAt: null, errorMessage: null })
    expect(await row(copy.id)).toMatchObject({ publishId: null, attempts: 0 })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  }, 120_000)

  it('refuses bad input and another person’s post, and creates nothing', async () => {
    const me = await person()
    const them = await person()
    const mine = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const theirs = await world.server.runtime.posts.scheduleAt(
      them.userId,
      postInput({ ...them, scheduledAt: inSeconds(3600) }),
    )
    const refusals: [string, unknown, number, string][] = [
      [mine.id, formAt(new Date(Date.now() - 2 * 60_000)), 400, MESSAGES.dateInPast],
      [mine.id, { date: '2027-03-14', time: '02:30', timeZone: 'America/New_York' }, 400, MESSAGES.timeDoesNotExist],
      [mine.id, { date: '2030-01-01', time: '12:00' }, 400, ''],
      [mine.id, { date: 'tomorrow', time: '12:00', timeZone: 'UTC' }, 400, 'Please choose a date'],
      [theirs.id, formAt(inSeconds(7200)), 404, MESSAGES.notFound],
      ['not-a-uuid', formAt(inSeconds(7200)), 404, MESSAGES.notFound],
    ]
    for (const [id, body, status, message] of refusals) {
      const res = await duplicate(me.cookie, id, body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      if (message) expect(res.body.message).toBe(message)
    }
    expect(await postsOf(me.userId)).toHaveLength(1)
    expect(await postsOf(them.userId)).toHaveLength(1)
  })

  it('only with the user’s own account: an account that is no longer theirs is not found', async () => {
    const me = await person()
    const mine = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const them = await person()
    // The post row points at an account of someone else (a corrupted row): the copy must not post to it.
    await db()
      .update(post)
      .set({ accountId: them.accountId })
      .where(and(eq(post.id, mine.id), eq(post.userId, me.userId)))
    const res = await duplicate(me.cookie, mine.id, formAt(inSeconds(7200)))
    expect(res.status).toBe(404)
    expect(await postsOf(me.userId)).toHaveLength(1)
  })
})

/** The next whole minute at least `seconds` away: the form has no seconds. */
const nextMinute = (seconds: number) => new Date(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000)

describe('duplicating a post to several accounts (issue 30 item 5)', () => {
  it('makes one scheduled post per account, each with its own job and live event; each goes out once', async () => {
    const me = await person()
    const ben = await connectNewCreator(me.cookie)
    const original = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Two accounts', allowDuet: true, scheduledAt: inSeconds(3600) }),
    )
    const heard: ServerEvent[] = []
    const stop = world.server.runtime.events.subscribe(me.userId, (event) => heard.push(event))
    try {
      const at = nextMinute(2 * 86_400)
      const res = await duplicate(me.cookie, original.id, {
        ...formAt(at, 'Europe/Berlin'),
        accounts: [{ accountId: me.accountId }, { accountId: ben.accountId }],
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const copies = postListSchema.parse(res.body).posts
      expect(copies.map((c) => c.accountId)).toEqual([me.accountId, ben.accountId])
      expect(copies[1]!.account.accountUsername).toBe(ben.username)
      for (const copy of copies) {
        expect(copy).toMatchObject({
          title: 'Two accounts',
          privacyLevel: 'SELF_ONLY',
          allowDuet: true,
          scheduledAt: at.toISOString(),
          timeZone: 'Europe/Berlin',
          state: 'scheduled',
          source: 'manual',
        })
        expect(await row(copy.id)).toMatchObject({ mediaId: me.mediaId, publishId: null })
        expect((await publishJobs(copy.id)).filter((j) => j.state === 'created')).toHaveLength(1)
      }
      // The calendar of every open tab hears of both copies (on PostgreSQL through LISTEN/NOTIFY).
      await eventually(async () => {
        const announced = heard.flatMap((e) => (e.type === 'post.updated' ? [e.post.id] : []))
        return copies.every((c) => announced.includes(c.id)) || undefined
      }, 10_000)
    } finally {
      stop()
    }

    // Posted now, each copy goes to its own creator, once; the original stays scheduled.
    const again = await duplicate(me.cookie, original.id, {
      ...formAt(inSeconds(7200)),
      accounts: [{ accountId: me.accountId }, { accountId: ben.accountId }],
    })
    const [mine, bens] = postListSchema.parse(again.body).posts as [Post, Post]
    expect((await postNow(me.cookie, mine.id)).status).toBe(200)
    expect((await postNow(me.cookie, bens.id)).status).toBe(200)
    for (const copy of [mine, bens]) {
      expect((await until(copy.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)).state).toBe('uploaded')
    }
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
    expect(await sandboxVideos(world.sandbox, ben.openId)).toHaveLength(1)
    expect((await row(original.id))!.state).toBe('scheduled')
  }, 150_000)

  it('all or nothing: an account that does not allow a setting is named, nothing is made; fixed for it, both are', async () => {
    const me = await person()
    // A private creator offers no 'Everyone'; this one also turned comments off.
    const quiet = await connectNewCreator(me.cookie, { is_private: true, comment_disabled: true })
    const original = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, privacyLevel: 'PUBLIC_TO_EVERYONE', scheduledAt: inSeconds(3600) }),
    )
    const when = formAt(inSeconds(7200))
    const refused = await duplicate(me.cookie, original.id, {
      ...when,
      accounts: [{ accountId: me.accountId }, { accountId: quiet.accountId }],
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body.message).toBe(
      `${MESSAGES.duplicateNothingScheduled} @${quiet.username}: ${MESSAGES.privacyNotAllowed}`,
    )
    expect(refused.body.details).toEqual([{ path: 'accounts.1.privacyLevel', message: MESSAGES.privacyNotAllowed }])
    expect(await postsOf(me.userId)).toHaveLength(1)

    // The privacy fixed for that account, its comments are the next thing it refuses: still nothing is made.
    const comments = await duplicate(me.cookie, original.id, {
      ...when,
      accounts: [{ accountId: me.accountId }, { accountId: quiet.accountId, privacyLevel: 'FOLLOWER_OF_CREATOR' }],
    })
    expect(comments.body.details).toEqual([{ path: 'accounts.1.allowComment', message: MESSAGES.commentsDisabled }])
    expect(await postsOf(me.userId)).toHaveLength(1)

    const ok = await duplicate(me.cookie, original.id, {
      ...when,
      accounts: [
        { accountId: me.accountId },
        // A private creator's posts take no Stitch either (the sandbox follows TikTok).
        { accountId: quiet.accountId, privacyLevel: 'FOLLOWER_OF_CREATOR', allowComment: false, allowStitch: false },
      ],
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    const [mine, theirs] = postListSchema.parse(ok.body).posts as [Post, Post]
    expect(mine).toMatchObject({ privacyLevel: 'PUBLIC_TO_EVERYONE', allowComment: true })
    expect(theirs).toMatchObject({
      accountId: quiet.accountId,
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      allowComment: false,
    })
    expect(await postsOf(me.userId)).toHaveLength(3)
  })

  it('names every account that cannot take it (too long a video, to reconnect), and makes none', async () => {
    const me = await person()
    const short = await connectNewCreator(me.cookie, { max_video_post_duration_sec: 2 })
    const gone = await connectNewCreator(me.cookie)
    await db().update(tiktokAccount).set({ status: 'reconnect_required' }).where(eq(tiktokAccount.id, gone.accountId))
    const original = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const res = await duplicate(me.cookie, original.id, {
      ...formAt(inSeconds(7200)),
      accounts: [{ accountId: short.accountId }, { accountId: me.accountId }, { accountId: gone.accountId }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    const tooLong = `${MESSAGES.videoTooLongForAccount} (2 seconds at most)`
    const reconnect = `${MESSAGES.reconnectRequired}: @${gone.username} must be connected to TikTok again.`
    expect(res.body.details).toEqual([
      { path: 'accounts.0.mediaId', message: tooLong },
      { path: 'accounts.2.accountId', message: reconnect },
    ])
    expect(res.body.message).toBe(
      `${MESSAGES.duplicateNothingScheduled} @${short.username}: ${tooLong} @${gone.username}: ${reconnect}`,
    )
    expect(await postsOf(me.userId)).toHaveLength(1)
    expect(await publishJobs(original.id)).toHaveLength(1)
  })

  it('a draft to the inbox is refused for an account whose inbox is full around that time, and none is made', async () => {
    const me = await person()
    const busy = await connectNewCreator(me.cookie)
    const at = nextMinute(3 * 3600)
    const draft = (accountId: string, title: string) =>
      world.server.runtime.posts.scheduleAt(
        me.userId,
        postInput({ ...me, accountId, title, postMode: 'inbox', scheduledAt: at }),
      )
    const original = await draft(me.accountId, 'To both inboxes')
    for (let i = 0; i < 5; i++) await draft(busy.accountId, `Waiting ${i}`)
    const res = await duplicate(me.cookie, original.id, {
      ...formAt(new Date(at.getTime() + 60_000)),
      accounts: [{ accountId: me.accountId }, { accountId: busy.accountId }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.details).toMatchObject([{ path: 'accounts.1.postMode' }])
    expect(res.body.message).toContain(`@${busy.username}: TikTok keeps at most 5 drafts`)
    expect(await postsOf(me.userId)).toHaveLength(6)
  })

  it('another person’s account is not found, an account chosen twice is refused: nothing is made', async () => {
    const me = await person()
    const them = await person()
    const original = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    const when = formAt(inSeconds(7200))
    const foreign = await duplicate(me.cookie, original.id, {
      ...when,
      accounts: [{ accountId: me.accountId }, { accountId: them.accountId }],
    })
    expect([foreign.status, foreign.body.message]).toEqual([404, MESSAGES.accountNotFound])
    const nonsense = await duplicate(me.cookie, original.id, { ...when, accounts: [{ accountId: 'not-a-uuid' }] })
    expect([nonsense.status, nonsense.body.message]).toEqual([404, MESSAGES.accountNotFound])
    const twice = await duplicate(me.cookie, original.id, {
      ...when,
      accounts: [{ accountId: me.accountId }, { accountId: me.accountId }],
    })
    expect([twice.status, twice.body.message]).toEqual([400, MESSAGES.duplicateAccountTwice])
    const none = await duplicate(me.cookie, original.id, { ...when, accounts: [] })
    expect([none.status, none.body.message]).toEqual([400, MESSAGES.duplicateNoAccount])
    expect(await postsOf(me.userId)).toHaveLength(1)
    expect(await postsOf(them.userId)).toHaveLength(0)
  })
})

describe('posting a scheduled post now', () => {
  it('posts it once, whatever is clicked twice; afterwards it is refused and unchanged', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, title: 'Right now', scheduledAt: inSeconds(3 * 3600) }),
    )
    // Two clicks (two tabs) at once: each answers, and one publish job remains, due now.
    const [a, b] = await Promise.all([postNow(me.cookie, p.id), postNow(me.cookie, p.id)])
    expect([a.status, b.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    for (const res of [a, b]) if (res.status !== 200) expect(res.body.message).toBe(MESSAGES.postNowNotScheduled)
    const moved = postSchema.parse((a.status === 200 ? a : b).body.post)
    expect(new Date(moved.scheduledAt).getTime()).toBeLessThanOrEqual(Date.now())

    const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)
    expect(done.state).toBe('uploaded')
    expect(done.attempts).toBe(1)
    const sent = await sandboxVideos(world.sandbox, me.openId)
    expect(sent.map((v) => v.title)).toEqual(['Right now\n\nThree things I do before 7 #routine @friend'])

    const before = await row(p.id)
    const again = await postNow(me.cookie, p.id)
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.postNowNotScheduled])
    expect(await row(p.id)).toEqual(before)
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  }, 120_000)

  it('refuses a post being published and a draft, unchanged; another person’s post is 404', async () => {
    const me = await person()
    const them = await person()
    const busy = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, scheduledAt: inSeconds(3600) }),
    )
    await db().update(post).set({ state: 'publishing' }).where(eq(post.id, busy.id))
    const busyBefore = await row(busy.id)
    const refused = await postNow(me.cookie, busy.id)
    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES.postNowNotScheduled])
    expect(await row(busy.id)).toEqual(busyBefore)

    const draft = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, draft: true, scheduledAt: inSeconds(3600) }),
    )
    const draftBefore = await row(draft.id)
    const notApproved = await postNow(me.cookie, draft.id)
    expect([notApproved.status, notApproved.body.message]).toEqual([409, MESSAGES.postNowNeedsApproval])
    expect(await row(draft.id)).toEqual(draftBefore)

    const theirs = await world.server.runtime.posts.scheduleAt(
      them.userId,
      postInput({ ...them, scheduledAt: inSeconds(3600) }),
    )
    const theirsBefore = await row(theirs.id)
    expect((await postNow(me.cookie, theirs.id)).status).toBe(404)
    expect((await postNow(me.cookie, 'not-a-uuid')).status).toBe(404)
    expect(await row(theirs.id)).toEqual(theirsBefore)
    await db().update(post).set({ state: 'scheduled' }).where(eq(post.id, busy.id))
  })
})

describe('editing the commercial content disclosure (issue 21)', () => {
  it('changes it before the post goes out; TikTok receives the new toggles; a bad one changes nothing', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, privacyLevel: 'PUBLIC_TO_EVERYONE', scheduledAt: inSeconds(3600) }),
    )
    expect(p.commercial).toEqual({ enabled: false, yourBrand: false, brandedContent: false })
    const before = await row(p.id)
    const patch = async (body: unknown) => {
      const res = await inject(world.server, 'PATCH', `/api/posts/${p.id}`, me.cookie, body)
      return { status: res.statusCode, body: res.json() as { post?: unknown; message?: string } }
    }
    const none = await patch({ commercial: { enabled: true, yourBrand: false, brandedContent: false } })
    expect([none.status, none.body.message]).toEqual([400, MESSAGES.commercialNeedsChoice])
    const privateBranded = await patch({
      privacyLevel: 'SELF_ONLY',
      commercial: { enabled: true, yourBrand: false, brandedContent: true },
    })
    expect([privateBranded.status, privateBranded.body.message]).toEqual([400, MESSAGES.brandedNotPrivate])
    expect(await row(p.id)).toEqual(before)

    const ok = await patch({ commercial: { enabled: true, yourBrand: true, brandedContent: true } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(postSchema.parse(ok.body.post).commercial).toEqual({ enabled: true, yourBrand: true, brandedContent: true })
    expect(await row(p.id)).toMatchObject({ brandOrganicToggle: true, brandContentToggle: true })

    expect((await postNow(me.cookie, p.id)).status).toBe(200)
    expect((await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 80_000)).state).toBe('uploaded')
    const [sent] = await sandboxVideos(world.sandbox, me.openId)
    expect(sent).toMatchObject({ brand_content_toggle: true, brand_organic_toggle: true })
  }, 120_000)
})
