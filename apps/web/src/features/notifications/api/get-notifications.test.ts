import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Notification, NotificationList } from '@hookpost/shared/notifications'
import { applyNotificationEvent } from './get-notifications'
import { notificationListKey } from './notifications-key'

function notice(id: string, readAt: string | null = null): Notification {
  return {
    id,
    kind: 'post_failed',
    title: `Post failed: ${id}`,
    body: 'TikTok refused it.',
    link: `/dashboard?tab=schedule&post=${id}`,
    createdAt: '2026-04-01T10:00:00.000Z',
    readAt,
  }
}

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

describe('the bell follows the live events', () => {
  it('a new notice goes on top and raises the unread count once, even when the event arrives twice', () => {
    const client = new QueryClient()
    client.setQueryData<NotificationList>(notificationListKey, { notifications: [notice(A, 'x')], unread: 0 })
    const event = { type: 'notification.created', notification: notice(B) } as const
    applyNotificationEvent(client, event)
    applyNotificationEvent(client, event)
    const list = client.getQueryData<NotificationList>(notificationListKey)
    expect(list?.unread).toBe(1)
    expect(list?.notifications.map((n) => n.id)).toEqual([B, A])
  })

  it('notices read elsewhere, or a notice before the list was loaded, refetch the list', () => {
    const client = new QueryClient()
    client.setQueryData<NotificationList>(notificationListKey, { notifications: [notice(A)], unread: 1 })
    applyNotificationEvent(client, { type: 'notifications.read' })
    expect(client.getQueryState(notificationListKey)?.isInvalidated).toBe(true)

    const empty = new QueryClient()
    applyNotificationEvent(empty, { type: 'notification.created', notification: notice(B) })
    expect(empty.getQueryData(notificationListKey)).toBeUndefined()
  })
})
