/** Every posts query starts with this key, so one invalidation (or a live event) refreshes them all. */
export const postsKey = ['posts'] as const
