import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { ServerEvent } from '@hookpost/shared/events'
import { notificationListSchema, type NotificationList } from '@hookpost/shared/notifications'
import { apiRequest } from '../../../lib/api-client'
import { notificationListKey } from './notifications-key'

/** GET /api/notifications: the newest notices and how many are unread. */
export async function getNotifications(): Promise<NotificationList> {
  return notificationListSchema.parse(await apiRequest<unknown>('/api/notifications'))
}

export const notificationsQueryOptions = queryOptions({ queryKey: notificationListKey, queryFn: getNotifications })

export function useNotifications() {
  return useQuery(notificationsQueryOptions)
}

/**
 * A live event for the bell (ADR 034): a new notice goes on top of the cached list (the count rises without a
 * request); notices read in another tab refetch the list.
 */
export function applyNotificationEvent(queryClient: QueryClient, event: ServerEvent): void {
  if (event.type === 'notification.created') {
    const current = queryClient.getQueryData<NotificationList>(notificationListKey)
    if (!current) {
      void queryClient.invalidateQueries({ queryKey: notificationListKey })
      return
    }
    if (current.notifications.some((n) => n.id === event.notification.id)) return
    queryClient.setQueryData<NotificationList>(notificationListKey, {
      notifications: [event.notification, ...current.notifications],
      unread: current.unread + (event.notification.readAt === null ? 1 : 0),
    })
  } else if (event.type === 'notifications.read') {
    void queryClient.invalidateQueries({ queryKey: notificationListKey })
  }
}

/** After a gap in the live stream: notices may have been missed. */
export function refetchNotificationsAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationListKey })
}
