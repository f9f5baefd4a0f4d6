import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { notificationPreferencesSchema, type NotificationPreferences } from '@hookpost/shared/notifications'
import { apiRequest } from '../../../lib/api-client'
import { notificationPreferencesKey } from './notifications-key'

/** GET /api/notifications/preferences: which kinds reach the person (all on for a new account). */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiRequest<unknown>('/api/notifications/preferences'))
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationPreferencesKey,
  queryFn: getNotificationPreferences,
})

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions)
}

/** PUT /api/notifications/preferences with every switch. */
export async function updateNotificationPreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  const payload = await apiRequest<unknown>('/api/notifications/preferences', { method: 'PUT', body })
  return notificationPreferencesSchema.parse(payload)
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(notificationPreferencesKey, prefs),
  })
}
