import { useState } from 'react'
import type { CalendarDay } from '@hookpost/shared/calendar'
import type { Post } from '@hookpost/shared/posts'
import { outcomeSentence, type ScheduledOutcome } from '../../utils/scheduled-outcome'
import { postDay } from './calendar'
import type { CalendarPeriod } from './use-calendar-period'
import { ALL_ACCOUNTS, type View } from './use-scheduled-posts'

/**
 * A post the schedule form just made, for the calendar to show (ADR 042); `viewRequest` goes up each time "View post"
 * is pressed.
 */
export type Spotlight = { outcome: ScheduledOutcome; viewRequest: number }

/**
 * Brings the spotlit post into view: the calendar (not the List) moves to the month or week that holds it, an account
 * filter that would hide it is lifted, and its entry is marked. Returns the entry to mark and what the live region says
 * once the entry is on screen.
 */
export function useSpotlight({
  spotlight,
  zone,
  period,
  setView,
  filteredAccountId,
  setAccountFilter,
  summaries,
  openDetailsOf,
}: {
  spotlight: Spotlight | null
  zone: string
  period: CalendarPeriod
  setView: (view: View) => void
  filteredAccountId: string | undefined
  setAccountFilter: (filter: string) => void
  /** The calendar's days: a post is on the calendar once its day is counted there (maybe behind "+N more"). */
  summaries: ReadonlyMap<string, CalendarDay>
  openDetailsOf: (postId: string) => void
}) {
  const post = spotlight?.outcome.post
  // Adjusted while rendering (not in an effect), so the calendar never paints the old period first.
  function bringIntoView(shown: Post) {
    setView('calendar')
    period.show(postDay(shown, zone))
    if (filteredAccountId && filteredAccountId !== shown.accountId) setAccountFilter(ALL_ACCOUNTS)
  }
  const key = post ? `${post.id}@${post.scheduledAt}` : null
  const [shownKey, setShownKey] = useState<string | null>(null)
  if (key !== shownKey) {
    setShownKey(key)
    if (post) bringIntoView(post)
  }
  // "View post" opens its details where they can be found: on its period again, if the person has stepped away.
  const request = spotlight?.viewRequest ?? 0
  const [seenRequest, setSeenRequest] = useState(request)
  if (request !== seenRequest) {
    setSeenRequest(request)
    if (post && request > 0) {
      bringIntoView(post)
      openDetailsOf(post.id)
    }
  }
  const onScreen = post !== undefined && summaries.has(postDay(post, zone))
  return {
    highlightedId: post?.id ?? null,
    announcement:
      onScreen && spotlight ? `“${post.title}” is on the calendar. ${outcomeSentence(spotlight.outcome)}` : '',
  }
}
