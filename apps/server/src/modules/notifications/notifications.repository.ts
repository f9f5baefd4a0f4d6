import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, notExists, sql } from 'drizzle-orm'
import type { NotificationPreferences } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { notification, post, profile, tiktokAccount, user } from '../../db/schema'
import type { NoticeDraft } from './notices'

export type NotificationRow = typeof notification.$inferSelect

/** A person as the notifications see them: where mail goes, their zone and what they want (defaults: everything). */
export interface Recipient {
  userId: string
  email: string
  timeZone: string | null
  preferences: NotificationPreferences
}

const recipientColumns = {
  userId: user.id,
  email: user.email,
  timeZone: profile.timeZone,
  postFailed: profile.notifyPostFailed,
  accountReconnect: profile.notifyAccountReconnect,
  dailyDigest: profile.notifyDailyDigest,
  awaitingApproval: profile.notifyAwaitingApproval,
}

function toRecipient(row: {
  userId: string
  email: string
  timeZone: string | null
  postFailed: boolean | null
  accountReconnect: boolean | null
  dailyDigest: boolean | null
  awaitingApproval: boolean | null
}): Recipient {
  return {
    userId: row.userId,
    email: row.email,
    timeZone: row.timeZone,
    preferences: {
      postFailed: row.postFailed ?? true,
      accountReconnect: row.accountReconnect ?? true,
      dailyDigest: row.dailyDigest ?? true,
      awaitingApproval: row.awaitingApproval ?? true,
    },
  }
}

/** Every statement about notices and notification preferences; what a person can reach is scoped by their id. */
export function createNotificationsRepository(db: Database) {
  return {
    async recipient(userId: string): Promise<Recipient | undefined> {
      const [row] = await db
        .select(recipientColumns)
        .from(user)
        .leftJoin(profile, eq(profile.userId, user.id))
        .where(eq(user.id, userId))
      return row ? toRecipient(row) : undefined
    },

    /** People who want the daily digest, a page at a time (by id). */
    async digestRecipients(afterUserId: string | null, limit: number): Promise<Recipient[]> {
      const rows = await db
        .select(recipientColumns)
        .from(user)
        .leftJoin(profile, eq(profile.userId, user.id))
        .where(afterUserId ? gt(user.id, afterUserId) : undefined)
        .orderBy(asc(user.id))
        .limit(limit)
      return rows.map(toRecipient)
    },

    async setPreferences(userId: string, prefs: NotificationPreferences, at: Date): Promise<void> {
      const columns = {
        notifyPostFailed: prefs.postFailed,
        notifyAccountReconnect: prefs.accountReconnect,
        notifyDailyDigest: prefs.dailyDigest,
        notifyAwaitingApproval: prefs.awaitingApproval,
      }
      await db
        .insert(profile)
        .values({ userId, ...columns })
        .onConflictDoUpdate({ target: profile.userId, set: { ...columns, updatedAt: at } })
    },

    /** Stores the notice unless one with its key exists; returns it only when this call inserted it. */
    async insertOnce(userId: string, draft: NoticeDraft, at: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .insert(notification)
        .values({ userId, ...draft, createdAt: at })
        .onConflictDoNothing({ target: [notification.userId, notification.dedupeKey] })
        .returning()
      return row
    },

    async exists(userId: string, dedupeKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notification.id })
        .from(notification)
        .where(and(eq(notification.userId, userId), eq(notification.dedupeKey, dedupeKey)))
      return row !== undefined
    },

    listForUser(userId: string, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notification)
        .where(eq(notification.userId, userId))
        .orderBy(desc(notification.createdAt), desc(notification.id))
        .limit(limit)
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notification)
        .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
      return row?.n ?? 0
    },

    /** Marks one of the person's notices read (once: a read notice keeps its time); undefined when not theirs. */
    async markRead(userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
      const [updated] = await db
        .update(notification)
        .set({ readAt: at })
        .where(and(eq(notification.id, id), eq(notification.userId, userId), isNull(notification.readAt)))
        .returning()
      if (updated) return updated
      const [existing] = await db
        .select()
        .from(notification)
        .where(and(eq(notification.id, id), eq(notification.userId, userId)))
      return existing
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notification)
        .set({ readAt: at })
        .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
        .returning({ id: notification.id })
      return rows.length
    },

    /**
     * Drafts awaiting approval due in (now, until] with no reminder yet for their time (ADR 048): the key is built as
     * `approvalReminderKey` builds it (`approval_reminder:<post>:<epoch ms>`), so a reminded draft is not read again.
     */
    async draftsAwaitingSoon(now: Date, until: Date, limit: number) {
      const key = sql`'approval_reminder:' || ${post.id} || ':' || round(extract(epoch from ${post.scheduledAt}) * 1000)::bigint`
      return db
        .select({
          userId: post.userId,
          postId: post.id,
          postTitle: post.title,
          accountUsername: tiktokAccount.accountUsername,
          scheduledAt: post.scheduledAt,
          timeZone: post.timeZone,
        })
        .from(post)
        .innerJoin(tiktokAccount, eq(tiktokAccount.id, post.accountId))
        .where(
          and(
            eq(post.state, 'draft'),
            gt(post.scheduledAt, now),
            lte(post.scheduledAt, until),
            notExists(
              db
                .select({ one: sql`1` })
                .from(notification)
                .where(and(eq(notification.userId, post.userId), eq(notification.dedupeKey, key))),
            ),
          ),
        )
        .orderBy(asc(post.scheduledAt))
        .limit(limit)
    },

    /** What went out to TikTok for the person in [from, to): the first `limit` by time, and how many in all. */
    async publishedBetween(userId: string, from: Date, to: Date, limit: number) {
      const where = and(
        eq(post.userId, userId),
        eq(post.state, 'uploaded'),
        gte(post.publishedAt, from),
        lt(post.publishedAt, to),
      )
      const [total] = await db.select({ n: count() }).from(post).where(where)
      const posts = await db
        .select({ title: post.title, accountUsername: tiktokAccount.accountUsername, publishedAt: post.publishedAt })
        .from(post)
        .innerJoin(tiktokAccount, eq(tiktokAccount.id, post.accountId))
        .where(where)
        .orderBy(asc(post.publishedAt), asc(post.id))
        .limit(limit)
      return {
        total: total?.n ?? 0,
        posts: posts.flatMap((p) => (p.publishedAt ? [{ ...p, publishedAt: p.publishedAt }] : [])),
      }
    },
  }
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>
