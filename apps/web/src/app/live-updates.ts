import { useQueryClient } from '@tanstack/react-query'
import { applyAnalyticsEvent, refetchAnalyticsAfterGap } from '../features/analytics/api/analytics-key'
import { applyAutomationEvent, refetchAutomationAfterGap } from '../features/automation/api/automation-key'
import { applyNotificationEvent, refetchNotificationsAfterGap } from '../features/notifications/api/get-notifications'
import { applyServerEvent, refetchPostsAfterGap } from '../features/posts/api/get-posts'
import { applyQueueEvent, refetchQueuesAfterGap } from '../features/queue/api/get-queues'
import { applyVideoEvent, refetchVideosAfterGap } from '../features/studio/api/get-videos'
import { applySlideshowEvent, refetchSlideshowsAfterGap } from '../features/studio/api/slideshows'
import { sessionQueryOptions } from '../lib/auth'
import { useServerEvents } from '../lib/use-server-events'

/**
 * The signed-in area's live updates: one event stream per tab, applied to the cached posts, created videos, automation
 * runs and analytics so every screen showing them follows the server (a post turning 'Uploaded', a render's progress,
 * an automated post being planned, an account's stats fetched, without a refresh). After a gap in the stream, what is
 * on screen is fetched again once, to catch up on what was missed; when the stream is refused, the session is checked.
 */
export function useLiveUpdates(signedIn: boolean) {
  const queryClient = useQueryClient()
  useServerEvents(signedIn, {
    onEvent: (event) => {
      applyServerEvent(queryClient, event)
      applyVideoEvent(queryClient, event)
      applySlideshowEvent(queryClient, event)
      applyAutomationEvent(queryClient, event)
      applyAnalyticsEvent(queryClient, event)
      applyQueueEvent(queryClient, event)
      applyNotificationEvent(queryClient, event)
    },
    onReconnect: () => {
      void refetchPostsAfterGap(queryClient)
      void refetchVideosAfterGap(queryClient)
      void refetchSlideshowsAfterGap(queryClient)
      void refetchAutomationAfterGap(queryClient)
      void refetchAnalyticsAfterGap(queryClient)
      void refetchQueuesAfterGap(queryClient)
      void refetchNotificationsAfterGap(queryClient)
    },
    // The server ends a stream when its session ends (ADR 021) and refuses the reconnect: ask who is signed in, so a
    // tab signed out elsewhere goes to the sign-in page instead of retrying forever.
    onGiveUp: () => void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  })
}
