import { useEffect, useId, useRef, useState } from 'react'
import { AUTOMATION_MESSAGES, type AutomationSlot } from '@hookpost/shared/automation'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ApiRequestError } from '../../../lib/api-client'
import { useRegenerateSlot } from '../api/regenerate-slot'

/** The states of a planned post whose hook can be made again: its post waits (a draft, or approved) or is being redone. */
export function canRegenerate(slot: AutomationSlot): boolean {
  return slot.postId !== null && (slot.state === 'draft' || slot.state === 'scheduled' || slot.regenerating)
}

/** What the control says of the planned post's new hook: being made, made, or why not. */
function progress(slot: AutomationSlot, asked: boolean): string | null {
  if (slot.regenerating) {
    const what = slot.format === 'slideshow' ? 'slideshow' : 'video'
    return slot.state === 'rendering'
      ? `Rendering the ${what} with the new hook “${slot.hookText}”…`
      : `Making the ${what} with the new hook “${slot.hookText}”…`
  }
  // Put back after a failure (render-and-schedule.ts): the post keeps its earlier hook, and says why.
  if (slot.errorMessage?.startsWith('A new hook could not be made')) return slot.errorMessage
  return asked
    ? `New hook: “${slot.hookText}”. The title, caption and video above are the new ones; approve it to post it.`
    : null
}

/**
 * Regenerate (ADR 050), in a planned post's review dialog: a new hook and caption from the AI writer and the video
 * rendered again with it, following the History live (`slot` is the live one). `asked`: this person asked for it in
 * this dialog, so its result is said (and focus comes back here once the dialog shows the new post).
 */
export function RegenerateHook({
  slot,
  asked,
  onAsked,
}: {
  slot: AutomationSlot
  asked: boolean
  onAsked: () => void
}) {
  const id = useId()
  const regenerate = useRegenerateSlot()
  const [refused, setRefused] = useState<string | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  // Said after it is on screen, so a screen reader announces it when the dialog comes back with the new post.
  const [said, setSaid] = useState<string | null>(null)
  const status = progress(slot, asked)
  useEffect(() => {
    const timer = window.setTimeout(() => setSaid(status), 0)
    return () => window.clearTimeout(timer)
  }, [status])
  useEffect(() => {
    if (!asked) return
    // After the dialog's own first focus (a native dialog focuses its first control when it opens).
    const timer = window.setTimeout(() => buttonRef.current?.focus(), 0)
    return () => window.clearTimeout(timer)
  }, [asked])

  const busy = regenerate.isPending || slot.regenerating
  function onClick() {
    setRefused(null)
    regenerate.mutate(slot.id, {
      onSuccess: onAsked,
      onError: (error) =>
        setRefused(
          error instanceof ApiRequestError && error.status < 500 ? error.message : AUTOMATION_MESSAGES.regenerateFailed,
        ),
    })
  }

  return (
    <div className="mt-2 w-full max-w-[280px] space-y-2">
      <button
        ref={buttonRef}
        type="button"
        className={`${secondaryButtonClass} w-full`}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-hint`}
        onClick={onClick}
      >
        {busy ? 'Regenerating...' : 'Regenerate'}
      </button>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        A new hook and caption, and the video made again with it. The post keeps its time and waits for your approval.
      </p>
      <p role="status" className="text-sm [overflow-wrap:anywhere] text-slate-800">
        {said}
      </p>
      {refused ? (
        <p role="alert" className="text-sm text-red-700">
          {refused}
        </p>
      ) : null}
    </div>
  )
}
