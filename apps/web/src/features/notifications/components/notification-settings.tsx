import { useId, useState } from 'react'
import { NOTIFICATION_MESSAGES, type NotificationPreferences } from '@hookpost/shared/notifications'
import { MessageBanner } from '../../../components/ui/message-banner'
import { RequestError } from '../../../components/ui/request-error'
import { Spinner } from '../../../components/ui/spinner'
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences'

const SWITCHES: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  {
    key: 'postFailed',
    label: 'When a post fails',
    hint: 'A notice and an email saying which post TikTok did not accept, and why.',
  },
  {
    key: 'accountReconnect',
    label: 'When an account needs reconnecting',
    hint: 'A notice and an email when TikTok ends the connection of one of your accounts.',
  },
  {
    key: 'dailyDigest',
    label: 'Daily digest',
    hint: 'Every day at 08:00 in your time zone, what went out in the day before (nothing is sent on a quiet day).',
  },
  {
    key: 'awaitingApproval',
    label: 'Posts awaiting your approval',
    hint:
      'With Review before posting: a notice and an email when automation plans posts for you to approve, and again ' +
      'about an hour before one that is still not approved goes out.',
  },
]

/** Profile's Notifications section (ADR 034, 048): four switches, each saved as soon as it changes. */
export function NotificationSettings() {
  const headingId = useId()
  const preferences = useNotificationPreferences()
  const update = useUpdateNotificationPreferences()
  const [saved, setSaved] = useState(false)
  // What the switches show while a change is being saved: they move at once; a refused save puts them back.
  const [pending, setPending] = useState<NotificationPreferences | null>(null)

  return (
    <section aria-labelledby={headingId} className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each kind shows under the bell at the top of the dashboard and comes by email. Turn off what you do not want.
      </p>
      {preferences.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : preferences.isError ? (
        <RequestError error={preferences.error} className="mt-3" />
      ) : (
        <div className="mt-4 space-y-4">
          {SWITCHES.map((s) => (
            <Switch
              key={s.key}
              label={s.label}
              hint={s.hint}
              checked={(pending ?? preferences.data)[s.key]}
              disabled={update.isPending}
              onChange={(checked) => {
                const next = { ...preferences.data, [s.key]: checked }
                setSaved(false)
                setPending(next)
                update.mutate(next, { onSuccess: () => setSaved(true), onSettled: () => setPending(null) })
              }}
            />
          ))}
          <RequestError error={update.error} className="" />
          {saved ? <MessageBanner tone="success">{NOTIFICATION_MESSAGES.preferencesSaved}</MessageBanner> : null}
        </div>
      )}
    </section>
  )
}

function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string
  hint: string
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 h-5 w-5 shrink-0 accent-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  )
}
