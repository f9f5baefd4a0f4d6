import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CalendarDay } from '@hookpost/shared/calendar'
import type { CalendarPost } from '@hookpost/shared/posts'
import { useCalendarDays } from '../../api/get-calendar-days'
import { pagesToList, usePostPages, type PostsRange } from '../../api/get-posts'
import { postsKey } from '../../api/posts-key'
import { accountChoices, type AccountChoice } from '../../utils/account-colors'
import { useRememberedChoice } from '../../../../lib/use-remembered-choice'

export type View = 'calendar' | 'list'
/** The account filter's value: every account, or one account's id. */
export const ALL_ACCOUNTS = ''

const NO_DAYS: ReadonlyMap<string, CalendarDay> = new Map()

/** A post in any cached calendar answer (a day's first posts, a day loaded by "+N more"): what a dialog opens. */
function cachedCalendarPost(queryClient: QueryClient, id: string): CalendarPost | undefined {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: postsKey })) {
    const posts: unknown[] = Array.isArray(data)
      ? data
      : data instanceof Map
        ? [...(data as Map<string, CalendarDay>).values()].flatMap((d) => d.posts)
        : []
    const found = posts.find((p) => (p as CalendarPost).id === id)
    if (found) return found as CalendarPost
  }
  return undefined
}

/**
 * What the panel shows: the calendar period's days (counts and first posts, narrowed by the server to the chosen
 * account, ADR 053), or the List's pages (narrowed here); and the accounts to choose from.
 */
export function useScheduledPosts({
  view,
  range,
  accounts,
  zone,
}: {
  view: View
  range: PostsRange
  accounts: readonly AccountChoice[]
  zone: string
}) {
  const queryClient = useQueryClient()
  const [accountFilter, setAccountFilter] = useRememberedChoice('calendarAccount', ALL_ACCOUNTS)
  // The List view is not a period: all the posts, upcoming first, a page at a time (fetched once it is shown).
  const pages = usePostPages(view === 'list')
  const allListPosts = useMemo(() => pagesToList(pages.data), [pages.data])
  // A filter on an account that is gone (deleted) shows everything again; while the accounts load, it stands.
  const known =
    accounts.length === 0 ||
    accounts.some((a) => a.id === accountFilter) ||
    allListPosts.some((p) => p.accountId === accountFilter)
  const filter = known ? accountFilter : ALL_ACCOUNTS
  const filteredAccountId = filter === ALL_ACCOUNTS ? undefined : filter
  const calendar = useCalendarDays({ ...range, zone, ...(filteredAccountId ? { accountId: filteredAccountId } : {}) })
  const summaries = calendar.data ?? NO_DAYS
  const shownPosts = useMemo(() => [...summaries.values()].flatMap((d) => d.posts), [summaries])
  const choices = useMemo(
    () => accountChoices(accounts, [...shownPosts, ...allListPosts]),
    [accounts, shownPosts, allListPosts],
  )
  const filterAccount = choices.find((c) => c.id === filter)
  const listPosts = useMemo(
    () => (filter === ALL_ACCOUNTS ? allListPosts : allListPosts.filter((p) => p.accountId === filter)),
    [allListPosts, filter],
  )
  const list = view === 'list' ? listPosts : shownPosts
  const findPost = (id: string | undefined | null): CalendarPost | undefined =>
    id
      ? (list.find((p) => p.id === id) ?? allListPosts.find((p) => p.id === id) ?? cachedCalendarPost(queryClient, id))
      : undefined

  return {
    calendar,
    summaries,
    pages,
    choices,
    filter,
    setAccountFilter,
    filterAccount,
    listPosts,
    findPost,
    /** The account the calendar is filtered by, if it is: the schedule form is preset to it. */
    filteredAccountId,
  }
}
