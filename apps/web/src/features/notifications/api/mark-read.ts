import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  notificationResponseSchema,
  notificationUnreadSchema,
  type Notification,
  type NotificationList,
} from '@hookpost/shared/notifications'
import { apiRequest } from '../../../lib/api-client'
import { notificationListKey } from './notifications-key'

/** POST /api/notifications/:id/read → the notice and how many are still unread (404 for another person's). */
export async function markNotificationRead(id: string): Promise<{ notification: Notification; unread: number }> {
  const payload = await apiRequest<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    body: {},
  })
  return notificationResponseSchema.parse(payload)
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ notification, unread }) =>
      queryClient.setQueryData<NotificationList>(notificationListKey, (current) =>
        current
          ? { unread, notifications: current.notifications.map((n) => (n.id === notification.id ? notification : n)) }
          : current,
      ),
  })
}

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(): Promise<{ unread: number }> {
  const payload = await apiRequest<unknown>('/api/notifications/read-all', { method: 'POST', body: {} })
  return notificationUnreadSchema.parse(payload)
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationListKey }),
  })
}
