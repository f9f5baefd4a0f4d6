import { useMemo } from 'react'
import type { CalendarPost } from '@hookpost/shared/posts'
import { pagesToList, usePostPages, usePosts, type PostsRange } from '../../api/get-posts'
import { accountChoices, type AccountChoice } from '../../utils/account-colors'
import { useRememberedChoice } from '../../../../lib/use-remembered-choice'
import { postsByDay } from './calendar'

export type View = 'calendar' | 'list'
/** The account filter's value: every account, or one account's id. */
export const ALL_ACCOUNTS = ''

/**
 * The posts the panel shows: the calendar period's, or the List's pages, narrowed to the chosen account; and the
 * accounts to choose from.
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
  const posts = usePosts(range)
  const [accountFilter, setAccountFilter] = useRememberedChoice('calendarAccount', ALL_ACCOUNTS)
  const allCalendarPosts = useMemo(() => posts.data ?? [], [posts.data])
  // The List view is not a period: all the posts, upcoming first, a page at a time (fetched once it is shown).
  const pages = usePostPages(view === 'list')
  const allListPosts = useMemo(() => pagesToList(pages.data), [pages.data])
  const choices = useMemo(
    () => accountChoices(accounts, [...allCalendarPosts, ...allListPosts]),
    [accounts, allCalendarPosts, allListPosts],
  )
  // A filter on an account that is gone (deleted) shows everything again.
  const filter = choices.some((c) => c.id === accountFilter) ? accountFilter : ALL_ACCOUNTS
  const filterAccount = choices.find((c) => c.id === filter)
  // Filtered here, not by the server: the month and the loaded List pages are already in the cache, kept live.
  const calendarPosts = useMemo(
    () => (filter === ALL_ACCOUNTS ? allCalendarPosts : allCalendarPosts.filter((p) => p.accountId === filter)),
    [allCalendarPosts, filter],
  )
  const listPosts = useMemo(
    () => (filter === ALL_ACCOUNTS ? allListPosts : allListPosts.filter((p) => p.accountId === filter)),
    [allListPosts, filter],
  )
  const days = useMemo(() => postsByDay(calendarPosts, zone), [calendarPosts, zone])
  const list = view === 'list' ? listPosts : calendarPosts
  const findPost = (id: string | undefined | null): CalendarPost | undefined =>
    id ? (list.find((p) => p.id === id) ?? [...allCalendarPosts, ...allListPosts].find((p) => p.id === id)) : undefined

  return {
    posts,
    pages,
    choices,
    filter,
    setAccountFilter,
    filterAccount,
    listPosts,
    days,
    findPost,
    /** The account the calendar is filtered by, if it is: the schedule form is preset to it. */
    filteredAccountId: filter === ALL_ACCOUNTS ? undefined : filter,
  }
}
