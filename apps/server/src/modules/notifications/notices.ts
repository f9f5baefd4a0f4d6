import { addDays, DIGEST_HOUR, instantToZoned, MESSAGES, zonedToInstant, type NotificationKind } from '@hookpost/shared'
import { formatDateTime, formatDateTimeInZone } from '@hookpost/shared/date-format'

/**
 * What the posts and TikTok modules tell the notifications module (ADR 034). They call the port at the point where a
 * post became `failed` or an account was marked as needing a reconnect; what the notice says, whether the person wants
 * it and whether it was already sent is decided here.
 */
export type NoticeEvent =
  | {
      kind: 'post_failed'
      userId: string
      postId: string
      /** The attempt that failed: a Retry that fails again is a new event. */
      attempt: number
      postTitle: string
      accountUsername: string
      reason: string | null
    }
  | {
      kind: 'account_reconnect'
      userId: string
      accountId: string
      accountUsername: string
      /** When the connection that broke was made: a reconnect that breaks again is a new event. */
      connectedAt: Date | null
    }
  | {
      /** issue 29: a draft reached the creator's TikTok inbox (SEND_TO_USER_INBOX); one notice per publish. */
      kind: 'post_in_inbox'
      userId: string
      postId: string
      publishId: string
      postTitle: string
      accountUsername: string
    }
  | {
      /** ADR 048: a planning run made drafts that wait for approval ("Review before posting"); one notice per run. */
      kind: 'approval_needed'
      userId: string
      runId: string
      /** How many of the run's posts wait as drafts. */
      count: number
      /** The earliest of them, in the zone it was planned in. */
      firstAt: Date
      timeZone: string
    }
  | {
      /** ADR 048: about an hour before its time, a draft nobody approved yet; one per draft and time. */
      kind: 'approval_reminder'
      userId: string
      postId: string
      postTitle: string
      accountUsername: string
      scheduledAt: Date
      timeZone: string
    }

/** The port: never throws and never undoes the change that caused it (a failure is logged). */
export type Notify = (event: NoticeEvent) => Promise<void>

/** A notice before it is stored: `link` is a path inside the app; mail turns it into a PUBLIC_URL link. */
export interface NoticeDraft {
  kind: NotificationKind
  dedupeKey: string
  title: string
  body: string
  link: string
}

export const postLink = (postId: string) => `/dashboard?tab=schedule&post=${postId}`
export const ACCOUNTS_LINK = '/dashboard/profile'
export const SCHEDULE_LINK = '/dashboard?tab=schedule'
/** The Automation tab, whose History lists the drafts with Review (ADR 048). */
export const AUTOMATION_LINK = '/dashboard?tab=automation'

/** 'Wed, Dec 2, 2026, 2:30 PM (Europe/Berlin)': a time as the app writes it everywhere (ADR 049), with its zone. */
export const timeInZone = formatDateTimeInZone

/** The unique key of an event: one notice (and one mail) per key and user. */
export function dedupeKey(event: NoticeEvent): string {
  switch (event.kind) {
    case 'post_failed':
      return `post_failed:${event.postId}:${event.attempt}`
    case 'account_reconnect':
      return `account_reconnect:${event.accountId}:${event.connectedAt ? event.connectedAt.toISOString() : 'never'}`
    case 'post_in_inbox':
      return `post_in_inbox:${event.postId}:${event.publishId}`
    case 'approval_needed':
      return `approval_needed:${event.runId}`
    case 'approval_reminder':
      // A draft moved to another time is reminded again before that time.
      return approvalReminderKey(event.postId, event.scheduledAt)
  }
}

/** The reminder's key: the notifications repository finds drafts without one in SQL, so it is built the same there. */
export function approvalReminderKey(postId: string, scheduledAt: Date): string {
  return `approval_reminder:${postId}:${scheduledAt.getTime()}`
}

export function noticeFor(event: NoticeEvent): NoticeDraft {
  switch (event.kind) {
    case 'post_failed':
      return {
        kind: 'post_failed',
        dedupeKey: dedupeKey(event),
        title: `Post failed: ${event.postTitle}`,
        body:
          `"${event.postTitle}" could not be posted to @${event.accountUsername}. ` +
          `${event.reason ?? 'TikTok did not accept it.'} Nothing was posted; you can retry it from the schedule.`,
        link: postLink(event.postId),
      }
    case 'account_reconnect':
      return {
        kind: 'account_reconnect',
        dedupeKey: dedupeKey(event),
        title: `Reconnect @${event.accountUsername}`,
        body:
          `Hookpost can no longer post to @${event.accountUsername}: TikTok ended the connection. ` +
          'Connect the account again in Profile & Accounts; its scheduled posts wait until then.',
        link: ACCOUNTS_LINK,
      }
    case 'post_in_inbox':
      return {
        kind: 'post_in_inbox',
        dedupeKey: dedupeKey(event),
        title: `${MESSAGES.sentToInbox}: ${event.postTitle}`,
        body:
          `"${event.postTitle}" is waiting as a draft in the TikTok inbox of @${event.accountUsername}. ` +
          'Open TikTok, add a sound if you like, and post it; Hookpost shows it as published once you do.',
        link: postLink(event.postId),
      }
    case 'approval_needed': {
      const many = event.count !== 1
      return {
        kind: 'approval_needed',
        dedupeKey: dedupeKey(event),
        title: `${event.count} ${many ? 'posts await' : 'post awaits'} your approval`,
        body:
          `Automation planned ${event.count} ${many ? 'posts' : 'post'} that ${many ? 'wait' : 'waits'} for you. ` +
          `The first goes out ${timeInZone(event.firstAt, event.timeZone)} only if you approve it. ` +
          'Review each one in the Automation tab’s History: watch its video, then approve or reject it. ' +
          'One not approved by its time is skipped, and nothing is posted.',
        link: AUTOMATION_LINK,
      }
    }
    case 'approval_reminder':
      return {
        kind: 'approval_reminder',
        dedupeKey: dedupeKey(event),
        title: `“${event.postTitle}” goes out at ${timeInZone(event.scheduledAt, event.timeZone)} only if you approve it`,
        body:
          `This automation post for @${event.accountUsername} still awaits your approval. Review it in the ` +
          'Automation tab’s History and approve or reject it; if it is not approved by its time, it is skipped and ' +
          'nothing is posted.',
        link: AUTOMATION_LINK,
      }
  }
}

/** The local day a digest is about and the instants it covers. */
export interface DigestWindow {
  /** The local date ('YYYY-MM-DD') the digest is sent on. */
  day: string
  from: Date
  to: Date
  dedupeKey: string
}

/** `hour`:00 on `date` in `zone`; an hour that does not exist that day (a DST jump) moves to the next one. */
function localHour(date: string, hour: number, zone: string): Date {
  for (let h = hour; h < 24; h++) {
    const at = zonedToInstant(date, `${String(h).padStart(2, '0')}:00`, zone)
    if (at.ok) return at.instant
  }
  throw new Error(`no hour from ${hour}:00 exists on ${date} in ${zone}`)
}

/**
 * The digest due at `now` in `zone`: from DIGEST_HOUR on the local day, about what went out between DIGEST_HOUR the
 * day before and DIGEST_HOUR today (23 or 25 hours across a DST change). Null before DIGEST_HOUR: yesterday's was due
 * yesterday, and a digest never arrives in the night.
 */
export function digestWindow(now: Date, zone: string, hour = DIGEST_HOUR): DigestWindow | null {
  const { date } = instantToZoned(now, zone)
  const to = localHour(date, hour, zone)
  if (now.getTime() < to.getTime()) return null
  return { day: date, from: localHour(addDays(date, -1), hour, zone), to, dedupeKey: `daily_digest:${date}` }
}

export interface DigestPost {
  title: string
  accountUsername: string
  publishedAt: Date
}

/** The digest's notice: how many posts went out, and the first few of them with their local times. */
export function digestNotice(window: DigestWindow, zone: string, posts: DigestPost[], total: number): NoticeDraft {
  const time = (at: Date) => formatDateTime(at, zone)
  const lines = posts.map((p) => `- ${p.title} (@${p.accountUsername}, ${time(p.publishedAt)})`)
  const more = total > posts.length ? [`- and ${total - posts.length} more`] : []
  const count = total === 1 ? '1 post' : `${total} posts`
  return {
    kind: 'daily_digest',
    dedupeKey: window.dedupeKey,
    title: `${count} went out in the last day`,
    body: [`${count} went out to TikTok since yesterday ${time(window.from)} (${zone}):`, ...lines, ...more].join('\n'),
    link: SCHEDULE_LINK,
  }
}

/** The mail of a notice: plain text first, its link on a line of its own (readable in any client and the outbox). */
export function noticeMail(
  draft: Pick<NoticeDraft, 'kind' | 'title' | 'body' | 'link'>,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const url = new URL(draft.link, publicUrl).toString()
  const lead = draft.kind === 'account_reconnect' ? 'Reconnect it here' : 'Open it in Hookpost'
  const footer = 'You can turn these emails off in Profile & Accounts, under Notifications.'
  const text = [draft.body, '', `${lead}:`, url, '', footer].join('\n')
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  const html =
    draft.body
      .split('\n')
      .map((line) => `<p>${escape(line)}</p>`)
      .join('') + `<p><a href="${escape(url)}">${escape(lead)}</a></p><p>${escape(footer)}</p>`
  return { subject: `Hookpost: ${draft.title}`, text, html }
}
