import type { QueryClient } from '@tanstack/react-query'
import type { ServerEvent } from '@hookpost/shared/events'

/**
 * Every automation query starts with this key, so one invalidation (or a live event) reaches them all. Apart from the
 * fetcher (get-automation.ts), so the dashboard's live updates do not bring the automation's schemas into its first
 * load (ADR 060).
 */
export const automationKey = ['automation'] as const

/**
 * Applies one live event (`GET /api/events`) to the automation's cache. `automation.updated` carries no data (a slot
 * was planned, rendered, scheduled or failed): the overview is fetched again, if anyone has it. An automation post
 * going out (or failing, or being deleted) changes what the History says about its slot: the same.
 */
export function applyAutomationEvent(queryClient: QueryClient, event: ServerEvent) {
  switch (event.type) {
    case 'automation.updated':
      void queryClient.invalidateQueries({ queryKey: automationKey })
      return
    case 'post.updated':
      if (event.post.source === 'automation') void queryClient.invalidateQueries({ queryKey: automationKey })
      return
    case 'post.deleted':
      void queryClient.invalidateQueries({ queryKey: automationKey })
      return
    case 'post.progress':
    case 'video.updated':
    case 'video.deleted':
    case 'video.progress':
    case 'slideshow.updated':
    case 'slideshow.deleted':
    case 'analytics.synced':
    case 'notification.created':
    case 'notifications.read':
      // Other features' events: their own caches apply them (a planned slideshow's render moving the slot on comes
      // as automation.updated).
      return
  }
}

/** After the live stream was interrupted, events may have been missed: fetch the overview again, once. */
export function refetchAutomationAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: automationKey })
}
