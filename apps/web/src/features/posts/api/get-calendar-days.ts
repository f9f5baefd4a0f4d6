import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { calendarDaysSchema, type CalendarDay, type CalendarDaysQuery } from '@hookpost/shared/calendar'
import { apiRequest } from '../../../lib/api-client'
import { calendarDaysKey } from './posts-key'

/**
 * GET /api/posts/calendar: a month or week as the person sees it (ADR 053) — per day in `zone`, the count of posts in
 * each state and the first few posts; a day's "+N more" is `usePosts` over that day's bounds.
 */
export async function getCalendarDays(query: CalendarDaysQuery): Promise<Map<string, CalendarDay>> {
  const search = new URLSearchParams({ from: query.from, to: query.to, zone: query.zone })
  if (query.accountId) search.set('accountId', query.accountId)
  const payload = await apiRequest<unknown>(`/api/posts/calendar?${search.toString()}`)
  return new Map(calendarDaysSchema.parse(payload).days.map((day) => [day.date, day]))
}

export function calendarDaysQueryOptions(query: CalendarDaysQuery) {
  return queryOptions({ queryKey: [...calendarDaysKey, query], queryFn: () => getCalendarDays(query) })
}

/**
 * The days of one calendar period; the previous period stays on screen while the next one loads. Live events do not
 * patch it (a day's first posts may need one that is not loaded): they mark it stale and it is fetched again
 * (get-posts.ts `placeCalendarPost`).
 */
export function useCalendarDays(query: CalendarDaysQuery) {
  return useQuery({ ...calendarDaysQueryOptions(query), placeholderData: keepPreviousData })
}
