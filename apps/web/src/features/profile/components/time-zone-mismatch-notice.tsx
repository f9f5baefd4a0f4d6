import { useCallback, useState } from 'react'
import { buttonClass } from '../../../components/ui/form'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { MessageBanner } from '../../../components/ui/message-banner'
import { RequestError } from '../../../components/ui/request-error'
import { useRememberedChoice } from '../../../lib/use-remembered-choice'
import { browserTimeZone, zoneLabel } from '../../../lib/time-zones'
import { useProfile, useUpdateProfile } from '../api/profile-api'

/** What "Keep" remembers: this pair of zones. A new browser zone (travel) or a new profile zone asks again. */
const keptKey = (profileZone: string, detected: string) => `${profileZone}>${detected}`

const readable = (zone: string) => zone.replace(/_/g, ' ')

/**
 * The two clocks noticed (issue 30 item 3): when this browser's zone is not the profile's, every time in Hookpost is
 * shown in the profile's — so say so, and offer the browser's ("Use …", saved through the profile API) or keeping the
 * profile's (remembered in this browser, for this pair of zones, so it does not ask on every visit).
 */
export function TimeZoneMismatchNotice() {
  const profile = useProfile()
  const update = useUpdateProfile()
  const detected = browserTimeZone()
  const [kept, setKept] = useRememberedChoice('time-zone-kept', '')
  const [switched, setSwitched] = useState<string | null>(null)
  const profileZone = profile.data?.timeZone ?? null
  // Stable, so the focus moves once, when the success shows, not on every render.
  const focusOnShow = useCallback((node: HTMLDivElement | null) => node?.focus(), [])

  if (switched !== null && profileZone === switched) {
    return (
      // The pressed button is gone: the focus goes to what it did, not to <body>.
      <div ref={focusOnShow} tabIndex={-1} className="mb-4 focus:outline-none">
        <MessageBanner tone="success" onDismiss={() => setSwitched(null)}>
          Times are now shown in {readable(switched)}, your profile’s time zone.
        </MessageBanner>
      </div>
    )
  }
  // No profile zone yet: the dashboard saves the browser's (dashboard-layout), nothing to offer.
  if (profileZone === null || profileZone === detected || kept === keptKey(profileZone, detected)) return null

  const now = new Date()
  return (
    <section
      aria-labelledby="zone-mismatch-heading"
      className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <h2 id="zone-mismatch-heading" className="font-semibold">
        Your time zone looks different
      </h2>
      <p className="mt-1">
        This browser is in {zoneLabel(detected, now)}, but Hookpost shows and schedules your times in{' '}
        {zoneLabel(profileZone, now)}, your profile’s time zone.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={update.isPending}
          onClick={() => update.mutate({ timeZone: detected }, { onSuccess: () => setSwitched(detected) })}
        >
          {update.isPending ? 'Saving...' : `Use ${readable(detected)}`}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={update.isPending}
          onClick={() => setKept(keptKey(profileZone, detected))}
        >
          Keep {readable(profileZone)}
        </button>
      </div>
      <RequestError error={update.error} className="mt-3" />
    </section>
  )
}
