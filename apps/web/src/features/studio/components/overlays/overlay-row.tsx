import { useDraggable, useDroppable } from '@dnd-kit/core'
import type { ReactNode } from 'react'
import type { TextOverlay } from '@hookpost/shared/studio'
import { rowButtonClass, rowDangerButtonClass } from '../../../../components/ui/button-styles'
import { describeOverlayStyle } from '../../utils/overlays'
import { OVERLAY_TEXT_STYLE } from '../../utils/overlay-text-style'

/**
 * One overlay in the list: its drag handle, its number, text (in the font it is drawn with) and style, and its buttons;
 * while it is edited, the overlay form takes the place of its text and buttons.
 */
export function OverlayRow({
  overlay,
  index,
  count,
  combined,
  register,
  savingHook,
  onSaveHook,
  onEdit,
  editor,
  onMoveUp,
  onMoveDown,
  onRemove,
}: {
  overlay: TextOverlay
  index: number
  count: number
  combined: boolean
  register: (key: string) => (node: HTMLButtonElement | null) => void
  savingHook: boolean
  onSaveHook: (() => void) | undefined
  onEdit: (() => void) | undefined
  /** The edit form, in place of the row's text, while this overlay is being edited. */
  editor: ReactNode
  onMoveUp: () => void
  onMoveDown: () => void
  onRemove: () => void
}) {
  const drag = useDraggable({ id: overlay.id })
  const drop = useDroppable({ id: overlay.id })
  // aria-pressed would make the handle read as a toggle button; the role description already says "draggable".
  const { 'aria-pressed': _pressed, ...handleAttributes } = drag.attributes
  const handleRef = register(`${overlay.id}:handle`)
  const first = index === 0
  const last = index === count - 1
  const hidden = !combined && overlay.target === 'demo'
  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node)
        drop.setNodeRef(node)
      }}
      style={drag.transform ? { transform: `translate3d(0, ${drag.transform.y}px, 0)` } : undefined}
      className={`relative flex flex-wrap items-start gap-x-2 gap-y-2 rounded-md border bg-white p-2 ${
        drag.isDragging ? 'z-10 border-fuchsia-500 shadow-lg ring-2 ring-fuchsia-500' : 'border-slate-200'
      } ${drop.isOver && !drag.isDragging ? 'border-fuchsia-400 bg-fuchsia-50' : ''}`}
    >
      <button
        ref={(node) => {
          drag.setActivatorNodeRef(node)
          handleRef(node)
        }}
        type="button"
        {...handleAttributes}
        {...drag.listeners}
        aria-label={`Drag “${overlay.text}” to reorder`}
        className="mt-0.5 shrink-0 cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
        </svg>
      </button>
      {editor ? <div className="min-w-0 flex-1 basis-full">{editor}</div> : null}
      <div className={`min-w-0 flex-1 basis-40 ${editor ? 'hidden' : ''}`}>
        <p className="font-medium [overflow-wrap:anywhere] text-slate-900">
          <span className="text-slate-500">{index + 1}. </span>
          {/* In the font it is drawn with (its emoji too). */}
          <span style={OVERLAY_TEXT_STYLE}>{overlay.text}</span>
        </p>
        <p className="text-xs text-slate-600">
          <span
            aria-hidden="true"
            className="mr-1.5 inline-block h-3 w-3 rounded-full border border-slate-400 align-[-2px]"
            style={{ backgroundColor: overlay.color }}
          />
          {describeOverlayStyle(overlay, combined)}
        </p>
        {hidden ? (
          <p className="text-xs text-amber-800">Demo only: not shown until you add a Product Demo Video.</p>
        ) : null}
      </div>
      <div className={`flex flex-wrap gap-1.5 ${editor ? 'hidden' : ''}`}>
        {onEdit ? (
          <button
            ref={register(`${overlay.id}:edit`)}
            type="button"
            className={rowButtonClass}
            aria-label={`Edit “${overlay.text}”`}
            onClick={onEdit}
          >
            Edit
          </button>
        ) : null}
        <button
          ref={register(`${overlay.id}:up`)}
          type="button"
          className={`${rowButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          aria-label={`Move up “${overlay.text}”`}
          aria-disabled={first ? true : undefined}
          onClick={first ? undefined : onMoveUp}
        >
          Move up
        </button>
        <button
          ref={register(`${overlay.id}:down`)}
          type="button"
          className={`${rowButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          aria-label={`Move down “${overlay.text}”`}
          aria-disabled={last ? true : undefined}
          onClick={last ? undefined : onMoveDown}
        >
          Move down
        </button>
        {onSaveHook ? (
          <button
            type="button"
            className={`${rowButtonClass} aria-disabled:cursor-wait aria-disabled:opacity-60`}
            aria-label={`Save “${overlay.text}” as a hook`}
            aria-disabled={savingHook ? true : undefined}
            onClick={savingHook ? undefined : onSaveHook}
          >
            {savingHook ? 'Saving...' : 'Save as hook'}
          </button>
        ) : null}
        <button
          ref={register(`${overlay.id}:remove`)}
          type="button"
          className={rowDangerButtonClass}
          aria-label={`Remove overlay “${overlay.text}”`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </li>
  )
}
