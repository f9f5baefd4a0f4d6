import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { lastSchedulableDate, type CalendarPost } from '@hookpost/shared/posts'
import { instantToZoned, todayInZone } from '@hookpost/shared/time'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { buttonClass, fieldControlClass } from '../../../../components/ui/form'
import { ModalDialog } from '../../../../components/ui/modal-dialog'
import { timeIn } from './calendar'

/**
 * The keyboard- and phone-friendly way to do what dragging does: pick another day. The time of day stays, in the post's
 * own zone (the zone it was scheduled in).
 */
export function MovePostDialog({
  post,
  now,
  onMove,
  onClose,
  fallbackFocus,
}: {
  post: CalendarPost
  now: Date
  /** Returns the reason when the move is refused before anything is sent. */
  onMove: (date: string) => string | null
  onClose: () => void
  fallbackFocus: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [date, setDate] = useState(() => instantToZoned(new Date(post.scheduledAt), post.timeZone).date)
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const refusal = onMove(date)
    if (refusal) {
      setError(refusal)
      inputRef.current?.focus()
    }
  }

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      initialFocus={inputRef}
      fallbackFocus={fallbackFocus}
    >
      <form className="space-y-4 p-4 sm:p-6" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
          Move “{post.title}”
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          It keeps its time, {timeIn(post.scheduledAt, post.timeZone)} ({post.timeZone}).
        </p>
        <div>
          <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
            New date
          </label>
          <input
            ref={inputRef}
            id={`${id}-date`}
            type="date"
            required
            min={todayInZone(now, post.timeZone)}
            max={lastSchedulableDate(now, post.timeZone)}
            value={date}
            onChange={(event) => {
              setDate(event.target.value)
              setError(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={fieldControlClass(Boolean(error))}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass} disabled={!date}>
            Move
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
