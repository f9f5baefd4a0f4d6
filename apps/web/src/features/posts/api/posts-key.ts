/** Every posts query starts with this key, so one invalidation (or a live event) refreshes them all. */
export const postsKey = ['posts'] as const

/** The calendar's days answers (get-calendar-days.ts), one per period, zone and account filter. */
export const calendarDaysKey = [...postsKey, 'days'] as const
