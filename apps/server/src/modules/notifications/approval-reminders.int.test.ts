import { describe, expect, it } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { formatDateTimeInZone } from '@hookpost/shared/date-format'
import { mailOutbox, notification } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { inSeconds, postInput } from '../publishing/testing/publishing-test-kit'
import { formAt, usePostsServer } from '../publishing/testing/publishing-int-context'
import { notificationWorkers } from './testing/notifications-test-kit'

/**
 * The reminder before an automation draft's time (ADR 048), on a real database: a draft still awaiting approval within
 * the hour gets one notice and one mail, however many runs race; a draft further off, an approved post, a rejected
 * draft and a person who turned the switch off get none; a draft moved to another time is reminded again.
 */
const { world, db, person } = usePostsServer()

function reminderRuns(count: number) {
  return notificationWorkers(count, {
    db: db(),
    queue: world.server.runtime.queue,
    events: world.server.runtime.events,
    publicUrl: world.server.config.publicUrl,
    clock: () => new Date(),
  })
}

async function reminders(userId: string) {
  return db()
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.kind, 'approval_reminder')))
}

describe('approval reminders', () => {
  it('remind once of a draft still awaiting approval within the hour, and again when it is moved', async () => {
    const me = await person()
    const quiet = await person()
    const draft = (who: typeof me, title: string, seconds: number) =>
      world.server.runtime.posts.scheduleAt(
        who.userId,
        postInput({ ...who, title, draft: true, timeZone: 'Europe/Berlin', scheduledAt: inSeconds(seconds) }),
      )
    const soon = await draft(me, 'Soon', 40 * 60)
    await draft(me, 'Later today', 3 * 3600)
    const approved = await draft(me, 'Approved', 30 * 60)
    expect((await inject(world.server, 'POST', `/api/posts/${approved.id}/approve`, me.cookie)).statusCode).toBe(200)
    const rejected = await draft(me, 'Rejected', 30 * 60)
    expect((await inject(world.server, 'POST', `/api/posts/${rejected.id}/reject`, me.cookie)).statusCode).toBe(200)
    await inject(world.server, 'PUT', '/api/notifications/preferences', quiet.cookie, {
      postFailed: true,
      accountReconnect: true,
      dailyDigest: true,
      awaitingApproval: false,
    })
    await draft(quiet, 'Not wanted', 30 * 60)

    const [a, b] = reminderRuns(2)
    const sent = await Promise.all([a!.runApprovalReminders(), b!.runApprovalReminders()])
    const mine = await reminders(me.userId)
    expect(mine).toHaveLength(1)
    // The one date format (ADR 049), in the run's zone.
    const when = formatDateTimeInZone(new Date(soon.scheduledAt), 'Europe/Berlin')
    expect(mine[0]!.title).toBe(`“Soon” goes out at ${when} only if you approve it`)
    expect(mine[0]!.link).toBe('/dashboard?tab=automation')
    expect(await reminders(quiet.userId)).toEqual([])
    // Only the notices this run made count: others' drafts of other tests may be due too.
    expect(sent[0]! + sent[1]!).toBeGreaterThanOrEqual(1)
    expect(await a!.runApprovalReminders()).toBe(0)
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, me.userId), like(mailOutbox.subject, 'Hookpost: “Soon” goes out%')))
    expect(mails).toHaveLength(1)

    // Moved to another time within the hour: reminded again, for that time.
    const moved = await inject(world.server, 'PATCH', `/api/posts/${soon.id}`, me.cookie, formAt(inSeconds(50 * 60)))
    expect(moved.statusCode, moved.body).toBe(200)
    await a!.runApprovalReminders()
    expect(await reminders(me.userId)).toHaveLength(2)
  })
})
