import { useEffect, useId, useRef } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { buttonClass } from '../../../components/ui/form'
import { DismissButton } from '../../../components/ui/message-banner'
import { outcomeSentence, type ScheduledOutcome } from '../utils/scheduled-outcome'

/** The banner's first line for a post added to the queue (product.md §8). */
export const QUEUED_HEADLINE = 'Video added to the queue'

/**
 * What the schedule form's dialog leaves behind when it closes on success (ADR 042): at the top of the Schedule tab,
 * where the focus goes, what was scheduled and when in the zone it was chosen in, with "View post" (its details) and
 * "Schedule another" (the form again, for the next day). It stays until dismissed or replaced: a success nobody can
 * miss, unlike the spec's 3 s notice under the buttons.
 */
export function ScheduleSuccessBanner({
  outcome,
  onView,
  onAnother,
  onDismiss,
}: {
  outcome: ScheduledOutcome
  onView: () => void
  onAnother: () => void
  onDismiss: () => void
}) {
  const id = useId()
  const ref = useRef<HTMLDivElement>(null)
  // Each new post takes the focus here: the dialog that had it is gone, and the person's next step is one of these.
  useEffect(() => {
    ref.current?.focus()
  }, [outcome])
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${id}-headline`}
      aria-describedby={`${id}-when`}
      // Clear of the sticky top bar when the focus scrolls it into view.
      className="scroll-mt-28 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 break-words">
          <p id={`${id}-headline`} className="font-semibold">
            {outcome.how === 'queued' ? QUEUED_HEADLINE : MESSAGES.videoScheduled}
          </p>
          <p id={`${id}-when`} className="mt-1">
            “{outcome.post.title}”: {outcomeSentence(outcome)}
          </p>
        </div>
        <DismissButton onDismiss={onDismiss} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass} aria-haspopup="dialog" onClick={onView}>
          View post
        </button>
        <button type="button" className={secondaryButtonClass} aria-haspopup="dialog" onClick={onAnother}>
          Schedule another
        </button>
      </div>
    </div>
  )
}
