import { useState } from 'react'
import type { AccountQueue } from '@hookpost/shared/queue'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { userMessage } from '../../../lib/api-client'
import { usePauseQueue } from '../api/pause-queue'
import { useResumeQueue } from '../api/resume-queue'
import { PostingSlots } from './posting-slots'
import { QueuedPosts } from './queued-posts'

/** Said on the screen and in ADR 029: what pausing does. */
export const PAUSED_EXPLANATION =
  'Paused: nothing from this queue is posted. Its posts are held, without a time, and get the next free slots when you resume it.'

function zoneNote(queue: AccountQueue): string {
  switch (queue.timeZoneSource) {
    case 'account':
      return `Times are in ${queue.timeZone}, this account's time zone.`
    case 'profile':
      return `Times are in ${queue.timeZone}, your time zone (Profile & Accounts).`
    case 'default':
      return `Times are in ${queue.timeZone}. Choose a time zone for the account under Profile & Accounts.`
  }
}

/** One account's queue: its zone, Pause / Resume, its posting slots and its queued posts. */
export function AccountQueuePanel({ queue }: { queue: AccountQueue }) {
  const pause = usePauseQueue()
  const resume = useResumeQueue()
  const [pauseError, setPauseError] = useState<string | null>(null)
  const busy = pause.isPending || resume.isPending

  function toggle() {
    setPauseError(null)
    const onError = (error: unknown) => setPauseError(userMessage(error))
    if (queue.paused) resume.mutate(queue.accountId, { onError })
    else pause.mutate(queue.accountId, { onError })
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{zoneNote(queue)}</p>
        {queue.paused ? (
          <MessageBanner tone="info">{PAUSED_EXPLANATION}</MessageBanner>
        ) : (
          <p className="text-sm text-slate-700">Running: queued posts go out at their times.</p>
        )}
        <button
          type="button"
          className={queue.paused ? buttonClass : secondaryButtonClass}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={toggle}
        >
          {queue.paused
            ? resume.isPending
              ? 'Resuming...'
              : 'Resume queue'
            : pause.isPending
              ? 'Pausing...'
              : 'Pause queue'}
        </button>
        {pauseError ? <MessageBanner tone="error">{pauseError}</MessageBanner> : null}
      </div>
      <PostingSlots queue={queue} />
      <QueuedPosts queue={queue} />
    </div>
  )
}
