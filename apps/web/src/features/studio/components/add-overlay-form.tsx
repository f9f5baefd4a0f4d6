import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { OVERLAY_TEXT_MAX, OVERLAYS_MAX } from '@hookpost/shared/studio'
import { CharacterCount, Field } from '../../../components/ui/field'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { STUDIO_MESSAGES } from '../utils/messages'
import { draftTimeErrors, type OverlayDraft } from '../utils/overlays'
import { OverlayColourChoice } from './overlays/overlay-colour-choice'
import { OverlayStyleFields } from './overlays/overlay-style-fields'
import { OverlayTimingFields } from './overlays/overlay-timing-fields'

/**
 * The overlay form (product.md §2 Text Overlays, §9 constants; ADR 031): text, position, one of 8 colours, size, weight, text
 * style, optional start and end and, for a hook + demo video, which part it shows on. The same form edits an overlay
 * in the list (`mode` edit: Save changes and Cancel). It is a fieldset inside the Create form (forms cannot nest):
 * Enter in the text adds (or saves) the overlay instead of creating the video. Add Overlay does nothing on blank text
 * (product.md §5) or on times that do not fit the video, and says why.
 */
export function AddOverlayForm({
  draft,
  combined,
  count,
  videoMs = null,
  mode = 'add',
  timed = true,
  onChange,
  onAdd,
  onCancel,
}: {
  draft: OverlayDraft
  /** A hook + demo video: overlays can go on the hook, the demo or both. */
  combined: boolean
  /** Overlays already in the list (at most OVERLAYS_MAX). */
  count: number
  /** The video's length once known: an overlay's end must fall within it. */
  videoMs?: number | null
  mode?: 'add' | 'edit'
  /** Whether it has a start and an end (a slide is a still: its overlays show for the whole of it). */
  timed?: boolean
  onChange: (draft: OverlayDraft) => void
  /** Adds the overlay (add) or saves the changes (edit). */
  onAdd: () => void
  onCancel?: () => void
}) {
  const id = useId()
  const textRef = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | undefined>(undefined)
  const [timeErrors, setTimeErrors] = useState<{ start?: string; end?: string }>({})
  const blank = draft.text.trim() === ''
  const full = mode === 'add' && count >= OVERLAYS_MAX
  const editing = mode === 'edit'

  function change(patch: Partial<OverlayDraft>) {
    onChange({ ...draft, ...patch })
    if ('text' in patch) setError(undefined)
    if ('start' in patch || 'end' in patch) setTimeErrors({})
  }

  function add() {
    if (full) return
    if (blank) {
      setError(STUDIO_MESSAGES.overlayTextRequired)
      textRef.current?.focus()
      return
    }
    const times = draftTimeErrors(draft, videoMs)
    setTimeErrors(times)
    if (times.start || times.end) return
    setError(undefined)
    onAdd()
  }

  function onTextKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    event.preventDefault()
    add()
  }

  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {editing ? 'Edit text overlay' : 'Add text overlay'}
      </legend>
      <Field
        label="Overlay text"
        error={error}
        hint={
          editing
            ? 'Press Enter or Save changes to keep your changes.'
            : 'Emoji welcome. Press Enter or Add Overlay to add it.'
        }
        aside={<CharacterCount length={draft.text.length} max={OVERLAY_TEXT_MAX} />}
        render={(props) => (
          <input
            {...props}
            ref={textRef}
            name="overlayText"
            autoComplete="off"
            maxLength={OVERLAY_TEXT_MAX}
            value={draft.text}
            onChange={(e) => change({ text: e.target.value })}
            onKeyDown={onTextKeyDown}
          />
        )}
      />
      <OverlayStyleFields draft={draft} combined={combined} onChange={change} />
      {timed ? (
        <OverlayTimingFields
          times={draft}
          errors={timeErrors}
          onChange={(key, value) => change({ [key]: value })}
          onKeyDown={onTextKeyDown}
        />
      ) : null}
      <OverlayColourChoice name={`${id}-color`} color={draft.color} onChange={(color) => change({ color })} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={`${secondaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          aria-disabled={blank || full ? true : undefined}
          aria-describedby={full ? `${id}-full` : undefined}
          onClick={add}
        >
          {editing ? 'Save changes' : 'Add Overlay'}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        {full ? (
          <p id={`${id}-full`} className="text-sm text-slate-600">
            {timed ? 'A video' : 'A slide'} can have up to {OVERLAYS_MAX} text overlays. Remove one to add another.
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}
