import { z } from 'zod'

/**
 * Notifications (issue 21 item 8, ADR 034): a notice in the app and a mail when a post fails, when a TikTok account
 * must be connected again, and once a day a digest of what went out. Each kind can be turned off in Profile. Issue 29
 * adds `post_in_inbox`: a draft reached the creator's TikTok inbox and waits for them there (always sent: it asks the
 * person to act, and they chose to send it as a draft). Issue 30 adds, for "Review before posting" (ADR 048),
 * `approval_needed` (a planning run made drafts that wait for the person: one notice per run) and `approval_reminder`
 * (about an hour before a draft's time, if it is still a draft).
 */
export const NOTIFICATION_KINDS = [
  'post_failed',
  'account_reconnect',
  'daily_digest',
  'post_in_inbox',
  'approval_needed',
  'approval_reminder',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** How long before a draft's time the person is reminded that it goes out only if approved (ADR 048). */
export const APPROVAL_REMINDER_MINUTES = 60

/** The digest is made at this local hour (08:00) in the person's time zone, about the 24 hours before it. */
export const DIGEST_HOUR = 8

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notice not found',
  preferencesSaved: 'Notification settings saved',
} as const

export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** A path inside the app (the post's schedule, the account's profile page). */
    link: z.string(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' })
export type Notification = z.infer<typeof notificationSchema>

export const notificationListSchema = z
  .object({ notifications: z.array(notificationSchema), unread: z.number().int().min(0) })
  .meta({ id: 'NotificationList' })
export type NotificationList = z.infer<typeof notificationListSchema>

export const notificationResponseSchema = z
  .object({ notification: notificationSchema, unread: z.number().int().min(0) })
  .meta({ id: 'NotificationResponse' })

export const notificationUnreadSchema = z.object({ unread: z.number().int().min(0) }).meta({ id: 'NotificationUnread' })

/** Which kinds reach the person (in the app and by mail); all on for a new account. */
export const notificationPreferencesSchema = z
  .object({
    postFailed: z.boolean(),
    accountReconnect: z.boolean(),
    dailyDigest: z.boolean(),
    /** Automation drafts waiting for approval, and the reminder before each one's time (ADR 048). */
    awaitingApproval: z.boolean(),
  })
  .strict()
  .meta({ id: 'NotificationPreferences' })
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>
