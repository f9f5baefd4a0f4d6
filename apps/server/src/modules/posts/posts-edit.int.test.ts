import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { MESSAGES, postSchema } from '@hookpost/shared'
import { post } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { inSeconds, postInput, sandboxVideos } from '../publishing/testing/publishing-test-kit'
import { formAt, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * Editing a post before it goes out (PATCH /api/posts/:id), and drafts awaiting approval (issue 18, ADR 018), against
 * the real server, its publishing engine and the TikTok sandbox: what the sandbox receives is what was last approved.
 */
const { world, db, person, row, until, publishJobs } = usePostsServer()

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
