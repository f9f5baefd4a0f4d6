/** Every notifications query starts with this key. */
export const notificationsKey = ['notifications'] as const
export const notificationListKey = [...notificationsKey, 'list'] as const
export const notificationPreferencesKey = [...notificationsKey, 'preferences'] as const
