import {
  APPROVAL_REMINDER_MINUTES,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
} from '@hookpost/shared'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'
import type { Log } from '../../lib/log'
import {
  digestNotice,
  digestWindow,
  noticeFor,
  noticeMail,
  type NoticeDraft,
  type NoticeEvent,
  type Notify,
} from './notices'
import type { NotificationRow, NotificationsRepository, Recipient } from './notifications.repository'

/** How many notices the bell lists (newest first); older ones stay in the database. */
export const LIST_LIMIT = 50
/** Reminders made in one run of the job (the rest wait for the next minute). */
const REMINDER_BATCH = 500

/** How many posts a digest names; the rest are counted. */
const DIGEST_LIST = 10
const DIGEST_PAGE = 500

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface NotificationsDeps {
  repo: NotificationsRepository
  /** The mail module's `send` (stored in the outbox, delivered by the `mail.send` job). */
  sendMail: (mail: { userId: string; to: string; subject: string; text: string; html: string }) => Promise<unknown>
  events: EventBus
  publicUrl: string
  clock: () => Date
  log: Pick<Log, 'warn' | 'error'>
}

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  }
}

function wants(preferences: NotificationPreferences, kind: NotificationKind): boolean {
  switch (kind) {
    case 'post_failed':
      return preferences.postFailed
    case 'account_reconnect':
      return preferences.accountReconnect
    case 'daily_digest':
      return preferences.dailyDigest
    case 'post_in_inbox':
      // The person asked for a draft and must finish it in TikTok: not a notice to turn off.
      return true
    case 'approval_needed':
    case 'approval_reminder':
      return preferences.awaitingApproval
  }
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, events, clock, log } = deps

  /**
   * Stores the notice once per key, tells the person's open tabs and mails it. Only the caller whose insert won sends
   * the mail, so two workers reporting the same event (or the same digest) send one.
   */
  async function deliver(recipient: Recipient, draft: NoticeDraft): Promise<boolean> {
    if (!wants(recipient.preferences, draft.kind)) return false
    const row = await repo.insertOnce(recipient.userId, draft, clock())
    if (!row) return false
    events.publish(recipient.userId, { type: 'notification.created', notification: toNotificationDto(row) })
    await deps.sendMail({ userId: recipient.userId, to: recipient.email, ...noticeMail(draft, deps.publicUrl) })
    return true
  }

  const notify: Notify = async (event: NoticeEvent) => {
    try {
      const recipient = await repo.recipient(event.userId)
      if (recipient) await deliver(recipient, noticeFor(event))
    } catch (err) {
      // The post stays failed, the account stays marked: only the notice is lost, and the screens still show both.
      log.error(`[notifications] notifying ${event.kind} failed`, err)
    }
  }

  async function list(userId: string): Promise<NotificationList> {
    const [rows, unread] = await Promise.all([repo.listForUser(userId, LIST_LIMIT), repo.unreadCount(userId)])
    return { notifications: rows.map(toNotificationDto), unread }
  }

  return {
    notify,
    list,

    async markRead(userId: string, id: string): Promise<{ notification: Notification; unread: number }> {
      if (!UUID.test(id)) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound)
      const row = await repo.markRead(userId, id, clock())
      if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound)
      events.publish(userId, { type: 'notifications.read' })
      return { notification: toNotificationDto(row), unread: await repo.unreadCount(userId) }
    },

    async markAllRead(userId: string): Promise<{ unread: number }> {
      if ((await repo.markAllRead(userId, clock())) > 0) events.publish(userId, { type: 'notifications.read' })
      return { unread: await repo.unreadCount(userId) }
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      const recipient = await repo.recipient(userId)
      if (!recipient) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound)
      return recipient.preferences
    },

    async setPreferences(userId: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
      await repo.setPreferences(userId, prefs, clock())
      return prefs
    },

    /**
     * The `notifications.approval-reminders` job (every minute, ADR 048): each automation draft still awaiting approval
     * whose time is at most APPROVAL_REMINDER_MINUTES away, and that has no reminder for that time yet, gets one
     * ("… goes out at 14:30 (Europe/Berlin) only if you approve it"). Keyed by draft and time, so overlapping runs and
     * second workers send one, and a draft moved to another time is reminded again. Returns how many were sent.
     */
    async runApprovalReminders(): Promise<number> {
      const now = clock()
      const until = new Date(now.getTime() + APPROVAL_REMINDER_MINUTES * 60_000)
      let sent = 0
      for (const draft of await repo.draftsAwaitingSoon(now, until, REMINDER_BATCH)) {
        try {
          const recipient = await repo.recipient(draft.userId)
          if (recipient && (await deliver(recipient, noticeFor({ kind: 'approval_reminder', ...draft })))) sent++
        } catch (err) {
          log.error(`[notifications] the approval reminder of post ${draft.postId} failed`, err)
        }
      }
      return sent
    },

    /**
     * The `notifications.digest` job (every 15 minutes, so zones with half- and quarter-hour offsets get theirs on
     * time): for each person who wants it and whose local DIGEST_HOUR has passed today, the digest of the day before,
     * once (the key is the local day), and only when something went out. Returns how many were sent.
     */
    async runDigest(): Promise<number> {
      const now = clock()
      let sent = 0
      let after: string | null = null
      for (;;) {
        const page = await repo.digestRecipients(after, DIGEST_PAGE)
        for (const recipient of page) {
          if (!recipient.preferences.dailyDigest) continue
          try {
            const zone = recipient.timeZone ?? 'UTC'
            const window = digestWindow(now, zone)
            if (!window || (await repo.exists(recipient.userId, window.dedupeKey))) continue
            const { posts, total } = await repo.publishedBetween(recipient.userId, window.from, window.to, DIGEST_LIST)
            if (total === 0) continue
            if (await deliver(recipient, digestNotice(window, zone, posts, total))) sent++
          } catch (err) {
            log.error(`[notifications] the digest of user ${recipient.userId} failed`, err)
          }
        }
        const last = page.at(-1)
        if (!last || page.length < DIGEST_PAGE) break
        after = last.userId
      }
      return sent
    },
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>
