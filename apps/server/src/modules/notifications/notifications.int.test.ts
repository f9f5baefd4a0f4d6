import { describe, expect, it } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { NOTIFICATION_MESSAGES, notificationListSchema, type NotificationList } from '@hookpost/shared'
import { mailOutbox, notification, post } from '../../db/schema'
import { inject, openEventStream, signUp } from '../../testing/http-test-kit'
import { eventually } from '../../testing/test-runtime'
import { inSeconds, postInput } from '../publishing/testing/publishing-test-kit'
import { usePostsServer } from '../publishing/testing/publishing-int-context'
import { notificationWorkers } from './testing/notifications-test-kit'

/**
 * Notifications on a real database with the real publishing engine and the TikTok sandbox (ADR 034): a post that
 * fails gives one notice and one mail, a kind turned off gives none, the bell's endpoints are scoped by person, and the
 * daily digest goes out once per local day even when two runs race.
 */
const { world, db, person, until } = usePostsServer()

let address: Promise<string> | undefined
/** The server on a real socket (once per file), for the event stream. */
function listening(): Promise<string> {
  address ??= world.server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
  return address
}

async function notices(userId: string) {
  return db().select().from(notification).where(eq(notification.userId, userId))
}
async function mails(userId: string, subject: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), like(mailOutbox.subject, `Hookpost: ${subject}%`)))
}
/** The mails once one is there: a notice is stored first, then mailed (on PostgreSQL a read can fall between). */
function mailsSent(userId: string, subject: string) {
  return eventually(async () => {
    const rows = await mails(userId, subject)
    return rows.length > 0 ? rows : undefined
  })
}
async function bell(cookie: string): Promise<NotificationList> {
  const res = await inject(world.server, 'GET', '/api/notifications', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return notificationListSchema.parse(res.json())
}

/** A post of `who` that TikTok refuses at its time (the sandbox creator is banned). */
async function failingPost(who: Awaited<ReturnType<typeof person>>, title: string) {
  const p = await world.server.runtime.posts.scheduleAt(
    who.userId,
    postInput({ ...who, title, scheduledAt: inSeconds(2) }),
  )
  await world.sandbox.admin('PATCH', `/sandbox/admin/creators/${who.openId}`, { banned: true })
  const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
  expect(done.state).toBe('failed')
  return done
}

describe('notifications', () => {
  it('a failed post gives one notice (live on the stream) and one mail with a PUBLIC_URL link', async () => {
    const me = await person()
    const address = await listening()
    const stream = await openEventStream(address, me.cookie)
    const done = await failingPost(me, 'Pancakes')

    const [notice] = await eventually(async () => {
      const rows = await notices(me.userId)
      return rows.length > 0 ? rows : undefined
    })
    expect(notice).toMatchObject({ kind: 'post_failed', title: 'Post failed: Pancakes', readAt: null })
    expect(notice!.link).toBe(`/dashboard?tab=schedule&post=${done.id}`)
    const sent = await mailsSent(me.userId, 'Post failed')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toContain(`${world.server.config.publicUrl}/dashboard?tab=schedule&post=${done.id}`)
    expect(sent[0]!.text).toContain(done.errorMessage!)

    // The same event reported again (another worker, a sweep) notifies nobody twice.
    await world.server.runtime.notifications.notify({
      kind: 'post_failed',
      userId: me.userId,
      postId: done.id,
      attempt: done.attempts,
      postTitle: done.title,
      accountUsername: 'whoever',
      reason: null,
    })
    expect(await notices(me.userId)).toHaveLength(1)
    expect(await mails(me.userId, 'Post failed')).toHaveLength(1)

    const list = await bell(me.cookie)
    expect(list.unread).toBe(1)
    expect(list.notifications.map((n) => n.id)).toEqual([notice!.id])
    await eventually(async () =>
      stream.events.some((e) => e.type === 'notification.created' && e.notification.id === notice!.id)
        ? true
        : undefined,
    )
    stream.close()
  })

  it('a kind turned off in Profile gives no notice and no mail; bad preferences change nothing', async () => {
    const me = await person()
    const defaults = await inject(world.server, 'GET', '/api/notifications/preferences', me.cookie)
    expect(defaults.json()).toEqual({
      postFailed: true,
      accountReconnect: true,
      dailyDigest: true,
      awaitingApproval: true,
    })
    for (const body of [
      { postFailed: 'no', accountReconnect: true, dailyDigest: true, awaitingApproval: true },
      { postFailed: false },
    ]) {
      const bad = await inject(world.server, 'PUT', '/api/notifications/preferences', me.cookie, body)
      expect(bad.statusCode).toBe(400)
    }
    expect((await inject(world.server, 'GET', '/api/notifications/preferences', me.cookie)).json()).toEqual(
      defaults.json(),
    )
    const off = { postFailed: false, accountReconnect: true, dailyDigest: true, awaitingApproval: true }
    const saved = await inject(world.server, 'PUT', '/api/notifications/preferences', me.cookie, off)
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await inject(world.server, 'GET', '/api/notifications/preferences', me.cookie)).json()).toEqual(off)

    const address = await listening()
    const stream = await openEventStream(address, me.cookie)
    const done = await failingPost(me, 'Quiet one')
    // The engine notifies before it announces the post: once the failure is on the stream, any notice would exist.
    await eventually(async () =>
      stream.events.some((e) => e.type === 'post.updated' && e.post.id === done.id && e.post.state === 'failed')
        ? true
        : undefined,
    )
    stream.close()
    expect(await notices(me.userId)).toEqual([])
    expect(await mails(me.userId, 'Post failed')).toEqual([])
  })

  it('a revoked authorisation asks once to reconnect the account', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, postInput({ ...me, scheduledAt: inSeconds(2) }))
    await world.sandbox.admin('POST', '/sandbox/admin/tokens/revoke', { open_id: me.openId })
    await until(p.id, ['uploaded', 'failed', 'unconfirmed'])
    const reconnect = await eventually(async () => {
      const rows = (await notices(me.userId)).filter((n) => n.kind === 'account_reconnect')
      return rows.length > 0 ? rows : undefined
    })
    expect(reconnect).toHaveLength(1)
    expect(reconnect[0]).toMatchObject({ link: '/dashboard/profile' })
    expect(await mailsSent(me.userId, 'Reconnect')).toHaveLength(1)
  })

  it('mark read and mark all read are scoped: another person’s notice (or a malformed id) is 404 and stays unread', async () => {
    const me = await signUp(world.server)
    const other = await signUp(world.server)
    const notify = world.server.runtime.notifications.notify
    for (const [who, postId] of [
      [me, '00000000-0000-4000-8000-000000000001'],
      [me, '00000000-0000-4000-8000-000000000002'],
      [other, '00000000-0000-4000-8000-000000000003'],
    ] as const) {
      await notify({
        kind: 'post_failed',
        userId: who.userId,
        postId,
        attempt: 1,
        postTitle: 'T',
        accountUsername: 'x',
        reason: null,
      })
    }
    const mine = await bell(me.cookie)
    const theirs = await bell(other.cookie)
    expect([mine.unread, theirs.unread]).toEqual([2, 1])
    for (const id of [theirs.notifications[0]!.id, 'not-a-uuid']) {
      const res = await inject(world.server, 'POST', `/api/notifications/${id}/read`, me.cookie)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: NOTIFICATION_MESSAGES.notFound })
    }
    expect((await bell(other.cookie)).unread).toBe(1)

    const read = await inject(world.server, 'POST', `/api/notifications/${mine.notifications[0]!.id}/read`, me.cookie)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({ unread: 1, notification: { id: mine.notifications[0]!.id } })
    expect(read.json().notification.readAt).not.toBeNull()
    const all = await inject(world.server, 'POST', '/api/notifications/read-all', me.cookie)
    expect(all.json()).toEqual({ unread: 0 })
    expect((await bell(other.cookie)).unread).toBe(1)
    expect((await inject(world.server, 'GET', '/api/notifications', undefined)).statusCode).toBe(401)
  })

  it('the daily digest goes out once per local day, even from two runs at once, and not when nothing went out', async () => {
    const busy = await person()
    const idle = await person()
    const noDigest = await person()
    for (const who of [busy, idle, noDigest]) {
      await inject(world.server, 'PUT', '/api/profile', who.cookie, { timeZone: 'Europe/Berlin' })
    }
    await inject(world.server, 'PUT', '/api/notifications/preferences', noDigest.cookie, {
      postFailed: true,
      accountReconnect: true,
      dailyDigest: false,
      awaitingApproval: true,
    })
    // Berlin, 15 January 2030: 09:00 local. The digest covers 08:00 on the 14th to 08:00 on the 15th.
    const now = new Date('2030-01-15T08:00:00Z')
    const published = (who: typeof busy, title: string, at: string) => ({
      userId: who.userId,
      accountId: who.accountId,
      title,
      privacyLevel: 'SELF_ONLY' as const,
      disableComment: false,
      disableDuet: false,
      disableStitch: false,
      scheduledAt: new Date(at),
      timeZone: 'Europe/Berlin',
      state: 'uploaded' as const,
      publishedAt: new Date(at),
    })
    await db()
      .insert(post)
      .values([
        published(busy, 'Inside one', '2030-01-14T07:30:00Z'),
        published(busy, 'Inside two', '2030-01-15T06:59:00Z'),
        published(busy, 'Too early', '2030-01-14T06:59:00Z'),
        published(noDigest, 'Not wanted', '2030-01-14T12:00:00Z'),
      ])

    const services = notificationWorkers(2, {
      db: db(),
      queue: world.server.runtime.queue,
      events: world.server.runtime.events,
      publicUrl: world.server.config.publicUrl,
      clock: () => now,
    })
    const sent = await Promise.all(services.map((s) => s.runDigest()))
    expect(sent[0]! + sent[1]!).toBe(1)
    expect(await Promise.all(services.map((s) => s.runDigest()))).toEqual([0, 0])

    const [digest, ...rest] = (await notices(busy.userId)).filter((n) => n.kind === 'daily_digest')
    expect(rest).toEqual([])
    expect(digest).toMatchObject({ title: '2 posts went out in the last day', dedupeKey: 'daily_digest:2030-01-15' })
    expect(digest!.body).toContain('Inside one')
    expect(digest!.body).not.toContain('Too early')
    expect(await mails(busy.userId, '2 posts went out')).toHaveLength(1)
    for (const who of [idle, noDigest]) {
      expect((await notices(who.userId)).filter((n) => n.kind === 'daily_digest')).toEqual([])
    }
  })
})
