import { INBOX_PENDING_CAP, INBOX_PENDING_WINDOW_MS } from '@hookpost/shared'
import type { PostIssue } from './post-rules'

/*
 * TikTok's pending-drafts cap (tiktok-api.md §3.3, §4.4): at most 5 shares to a creator's inbox "within any 24-hour
 * period". A draft at `at` fits when no 24-hour window containing `at` already holds 5 of the account's other drafts.
 * Counted before scheduling (inside the insert's transaction, under the person's plan lock) so a 6th is refused
 * with an explanation here rather than by TikTok at its time.
 */

/** The largest number of `others` in one 24-hour window that also contains `at`. */
export function busiestWindowAround(others: readonly Date[], at: Date): number {
  const t = at.getTime()
  const times = others.map((d) => d.getTime()).filter((o) => Math.abs(o - t) < INBOX_PENDING_WINDOW_MS)
  // A window [s, s + 24 h) containing t starts in (t − 24 h, t]; the busiest starts at t or at one of the others.
  const starts = [t, ...times.filter((o) => o <= t)]
  let most = 0
  for (const s of starts) {
    const inside = times.filter((o) => o >= s && o < s + INBOX_PENDING_WINDOW_MS).length
    most = Math.max(most, inside)
  }
  return most
}

/** Whether another draft fits at `at`. */
export function inboxDraftFits(others: readonly Date[], at: Date): boolean {
  return busiestWindowAround(others, at) < INBOX_PENDING_CAP
}

/** The earliest instant after `at` where a draft fits (an instant a draft leaves a window), or null. */
export function earliestFitAfter(others: readonly Date[], at: Date): Date | null {
  const candidates = others
    .map((d) => d.getTime() + INBOX_PENDING_WINDOW_MS)
    .filter((c) => c > at.getTime())
    .sort((a, b) => a - b)
  for (const c of candidates) if (inboxDraftFits(others, new Date(c))) return new Date(c)
  return null
}

function duration(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} minute${rest === 1 ? '' : 's'}`
  const h = `${hours} hour${hours === 1 ? '' : 's'}`
  return rest === 0 ? h : `${h} ${rest} minute${rest === 1 ? '' : 's'}`
}

/** The refusal of a 6th draft, saying why and what to do instead. */
export function inboxCapMessage(others: readonly Date[], at: Date): string {
  const fit = earliestFitAfter(others, at)
  const when = fit ? `Choose a time at least ${duration(fit.getTime() - at.getTime())} later` : 'Choose another day'
  return (
    `TikTok keeps at most ${INBOX_PENDING_CAP} drafts waiting in a creator's inbox per 24 hours; ` +
    `this account already has ${INBOX_PENDING_CAP} around that time. ${when}, or post directly.`
  )
}

/** The cap's issue for a draft at `at`, given the account's other drafts near it; undefined when it fits. */
export function inboxCapIssue(others: readonly Date[], at: Date): PostIssue | undefined {
  return inboxDraftFits(others, at) ? undefined : { path: 'postMode', message: inboxCapMessage(others, at) }
}
