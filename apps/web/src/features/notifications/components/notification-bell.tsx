import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Notification } from '@hookpost/shared/notifications'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { RequestError } from '../../../components/ui/request-error'
import { rowButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { linkClass } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { dateTimeIn } from '../../../lib/format'
import { useNotifications } from '../api/get-notifications'
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read'

const LINK_TEXT: Record<Notification['kind'], string> = {
  post_failed: 'Open the schedule',
  account_reconnect: 'Go to your TikTok accounts',
  daily_digest: 'Open the schedule',
  post_in_inbox: 'Open the schedule',
  approval_needed: 'Review them in Automation',
  approval_reminder: 'Review it in Automation',
}

/**
 * The bell in the dashboard's top bar (ADR 034): its name says how many notices are unread, and it opens the list in
 * a modal dialog (focus stays inside, Escape closes it). New notices arrive over the live event stream.
 */
export function NotificationBell({ timeZone }: { timeZone: string }) {
  const [open, setOpen] = useState(false)
  const notifications = useNotifications()
  const unread = notifications.data?.unread ?? 0
  const label = `Notifications (${unread} unread)`
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9"
          />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-red-700 px-1 text-center text-[0.7rem] font-bold leading-[1.1rem] text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? <NotificationsDialog timeZone={timeZone} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function NotificationsDialog({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const titleId = useId()
  const notifications = useNotifications()
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const unread = notifications.data?.unread ?? 0
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="p-4 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Notifications
          </h2>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Close
          </button>
        </div>
        {notifications.data && notifications.data.notifications.length > 0 ? (
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600" aria-live="polite">
              {unread === 0 ? 'Everything is read.' : `${unread} unread`}
            </p>
            <button
              type="button"
              className={rowButtonClass}
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all as read
            </button>
          </div>
        ) : null}
        <RequestError error={markAll.error ?? markRead.error} className="mt-3" />
        {notifications.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : notifications.isError ? (
          <RequestError error={notifications.error} className="mt-3" />
        ) : notifications.data.notifications.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            No notifications yet. You hear from Hookpost here when a post fails, when an account must be reconnected,
            and once a day about what went out.
          </p>
        ) : (
          <ul aria-label="Notices" className="mt-4 divide-y divide-slate-200">
            {notifications.data.notifications.map((n) => {
              const isUnread = n.readAt === null
              return (
                <li key={n.id} className="py-3" aria-labelledby={`${titleId}-${n.id}`}>
                  <div className="flex items-start gap-2">
                    {isUnread ? (
                      <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-fuchsia-700" />
                    ) : null}
                    <div className="min-w-0 flex-1">
                      <h3
                        id={`${titleId}-${n.id}`}
                        className={`break-words text-sm ${isUnread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
                      >
                        {n.title}
                        {isUnread ? <span className="sr-only"> (unread)</span> : null}
                      </h3>
                      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{n.body}</p>
                      <p className="mt-1 text-xs text-slate-500">
                        {dateTimeIn(n.createdAt, timeZone)} ({timeZone})
                      </p>
                      <div className="mt-2 flex flex-wrap items-center gap-3">
                        <Link
                          to={n.link}
                          className={`${linkClass} text-sm`}
                          onClick={() => {
                            if (isUnread) markRead.mutate(n.id)
                            onClose()
                          }}
                        >
                          {LINK_TEXT[n.kind]}
                        </Link>
                        {isUnread ? (
                          <button
                            type="button"
                            className={rowButtonClass}
                            disabled={markRead.isPending && markRead.variables === n.id}
                            onClick={() => markRead.mutate(n.id)}
                          >
                            Mark as read
                          </button>
                        ) : null}
                      </div>
                    </div>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </ModalDialog>
  )
}
