import { useState } from 'react'
import type { CalendarDay } from '@hookpost/shared/calendar'
import type { CalendarPost } from '@hookpost/shared/posts'
import { usePosts } from '../../api/get-posts'
import { periodRange } from './calendar'

/**
 * One day's posts as its cell shows them: the first few the calendar answer carries, or — once "+N more" is pressed —
 * the whole day, fetched then (GET /api/posts over the day's bounds in `zone`) and kept live by the event stream like
 * any posts window. `accountId` narrows the day as the calendar's filter does.
 */
export function useDayPosts(day: string, summary: CalendarDay | undefined, zone: string, accountId?: string) {
  const [expanded, setExpanded] = useState(false)
  const whole = usePosts(periodRange(day, day, zone), expanded)
  const all = whole.data && accountId ? whole.data.filter((p) => p.accountId === accountId) : whole.data
  const first = summary?.posts ?? []
  const posts: CalendarPost[] = expanded && all ? all : first
  return {
    posts,
    total: summary?.total ?? 0,
    counts: summary?.counts ?? {},
    /** How many the cell does not show yet. */
    more: Math.max(0, (summary?.total ?? 0) - first.length),
    expanded,
    loading: expanded && whole.isPending,
    failed: expanded && whole.isError,
    retry: () => void whole.refetch(),
    toggle: () => setExpanded((open) => !open),
  }
}

export type DayPosts = ReturnType<typeof useDayPosts>
