import { useId, useRef, useState, type KeyboardEvent } from 'react'
import {
  OVERLAY_COLORS,
  OVERLAY_FONT_SIZES,
  OVERLAY_PLACEMENTS,
  OVERLAY_TEXT_MAX,
  OVERLAY_TEXT_STYLES,
  OVERLAYS_MAX,
  PLACEMENT_LABELS,
  type OverlayFontSize,
  type OverlayFontWeight,
  type OverlayPlacement,
  type OverlayTarget,
  type OverlayTextStyle,
} from '@hookpost/shared/studio'
import { CharacterCount, Field } from '../../../components/ui/field'
import { fieldControlClass } from '../../../components/ui/form'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { STUDIO_MESSAGES } from '../utils/messages'
import { TARGET_LABELS, draftTimeErrors, type OverlayDraft } from '../utils/overlays'

/**
 * The overlay form (spec §2 Text Overlays, §9 constants; ADR 031): text, position, one of 8 colours, size, weight, text
 * style, optional start and end and, for a hook + demo video, which part it shows on. The same form edits an overlay
 * in the list (`mode` edit: Save changes and Cancel). It is a fieldset inside the Create form (forms cannot nest):
 * Enter in the text adds (or saves) the overlay instead of creating the video. Add Overlay does nothing on blank text
 * (spec §5) or on times that do not fit the video, and says why.
 */
export function AddOverlayForm({
  draft,
  combined,
  count,
  videoMs = null,
  mode = 'add',
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
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledSelect
          label="Position"
          value={draft.anchor ? 'custom' : draft.position}
          options={[
            ...OVERLAY_PLACEMENTS.map((p) => ({ value: p, label: PLACEMENT_LABELS[p] })),
            ...(draft.anchor ? [{ value: 'custom', label: 'Custom (dragged on the preview)' }] : []),
          ]}
          onChange={(value) => {
            if (value !== 'custom') change({ position: value as OverlayPlacement, anchor: null })
          }}
        />
        <LabelledSelect
          label="Font size"
          value={String(draft.fontSize)}
          options={OVERLAY_FONT_SIZES.map((s) => ({ value: String(s.value), label: `${s.label} (${s.value} px)` }))}
          onChange={(value) => change({ fontSize: Number(value) as OverlayFontSize })}
        />
        <LabelledSelect
          label="Text style"
          value={draft.style}
          options={OVERLAY_TEXT_STYLES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(value) => change({ style: value as OverlayTextStyle })}
        />
        <LabelledSelect
          label="Font weight"
          value={draft.fontWeight}
          options={[
            { value: 'normal', label: 'Normal' },
            { value: 'bold', label: 'Bold' },
          ]}
          onChange={(value) => change({ fontWeight: value as OverlayFontWeight })}
        />
        {combined ? (
          <LabelledSelect
            label="Show on"
            value={draft.target}
            options={(['both', 'hook', 'demo'] as const).map((t) => ({
              value: t,
              label: t === 'both' ? 'Both (hook and demo)' : TARGET_LABELS[t],
            }))}
            onChange={(value) => change({ target: value as OverlayTarget })}
          />
        ) : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">When it shows (optional)</legend>
        <p className="text-xs text-slate-600">
          In seconds from the start of the video. Leave empty for the whole video.
        </p>
        <div className="mt-1 grid grid-cols-2 gap-3">
          <Field
            label="Start (s)"
            error={timeErrors.start}
            render={(props) => (
              <input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={draft.start}
                onChange={(e) => change({ start: e.target.value })}
                onKeyDown={onTextKeyDown}
              />
            )}
          />
          <Field
            label="End (s)"
            error={timeErrors.end}
            render={(props) => (
              <input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={draft.end}
                onChange={(e) => change({ end: e.target.value })}
                onKeyDown={onTextKeyDown}
              />
            )}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Text colour</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {OVERLAY_COLORS.map((color) => (
            <label
              key={color.value}
              className="relative flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-800 has-[:checked]:border-fuchsia-700 has-[:checked]:bg-fuchsia-50 has-[:checked]:ring-1 has-[:checked]:ring-fuchsia-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-700"
            >
              <input
                type="radio"
                name={`${id}-color`}
                value={color.value}
                checked={draft.color === color.value}
                onChange={() => change({ color: color.value })}
                className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded-full border border-slate-400"
                style={{ backgroundColor: color.value }}
              />
              {color.label}
            </label>
          ))}
        </div>
      </fieldset>
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
            A video can have up to {OVERLAYS_MAX} text overlays. Remove one to add another.
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}

function LabelledSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldControlClass(false)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}
