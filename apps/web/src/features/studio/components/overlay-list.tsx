import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { OVERLAY_FONT_STACK, type TextOverlay } from '@hookpost/shared/studio'
import { rowButtonClass, rowDangerButtonClass } from '../../../components/ui/button-styles'
import { describeOverlayStyle, draftFromOverlay, overlayFromDraft, type OverlayDraft } from '../utils/overlays'
import { AddOverlayForm } from './add-overlay-form'

type FocusTarget = 'handle' | 'up' | 'down' | 'remove' | 'edit'

/**
 * The keyboard moves a picked-up overlay one row at a time: Up and Down put it over the row above or below (whatever
 * their heights), instead of dnd-kit's default 25-pixel steps.
 */
const rowToRowCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== KeyboardCode.Up && event.code !== KeyboardCode.Down) return undefined
  event.preventDefault()
  const { collisionRect, droppableRects, droppableContainers, over } = context
  if (!collisionRect) return undefined
  const from = (over ? droppableRects.get(over.id) : undefined) ?? collisionRect
  const fromY = from.top + from.height / 2
  let best: { top: number; height: number; distance: number } | null = null
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect || container.id === over?.id) continue
    const y = rect.top + rect.height / 2
    const distance = event.code === KeyboardCode.Down ? y - fromY : fromY - y
    if (distance > 0 && (!best || distance < best.distance)) best = { top: rect.top, height: rect.height, distance }
  }
  if (!best) return currentCoordinates
  return { x: currentCoordinates.x, y: best.top + (best.height - collisionRect.height) / 2 }
}

const INSTRUCTIONS =
  'To reorder a text overlay, press Space or Enter to pick it up, use the Up and Down arrow keys to move it, and press ' +
  'Space or Enter to drop it there, or Escape to cancel. Overlays lower in the list are drawn on top.'

function announcements(overlays: readonly TextOverlay[]): Announcements {
  const position = (id: UniqueIdentifier | undefined) => overlays.findIndex((o) => o.id === id) + 1
  const text = (id: UniqueIdentifier) => overlays.find((o) => o.id === id)?.text ?? 'The overlay'
  return {
    onDragStart: ({ active }) =>
      `Picked up “${text(active.id)}”, position ${position(active.id)} of ${overlays.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `“${text(active.id)}” is over position ${position(over.id)} of ${overlays.length}.` : '',
    onDragEnd: ({ active, over }) =>
      over
        ? `“${text(active.id)}” was dropped at position ${position(over.id)} of ${overlays.length}.`
        : `“${text(active.id)}” stays at position ${position(active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving “${text(active.id)}” was cancelled. It stays at position ${position(active.id)}.`,
  }
}

/**
 * The overlays added so far, in drawing order (later ones on top, as the renderer draws them): each with its text and
 * style, a drag handle (pointer and keyboard, dnd-kit), Move up / Move down buttons for whoever prefers them, Edit (the
 * overlay form in place of the row, ADR 031), Save as hook (its text and style, to apply to other videos) and Remove.
 */
export function OverlayList({
  overlays,
  combined,
  savingHookId,
  videoMs = null,
  onMove,
  onRemove,
  onUpdate,
  onSaveHook,
}: {
  overlays: readonly TextOverlay[]
  combined: boolean
  /** The overlay being saved as a hook, while it is. */
  savingHookId?: string | null
  /** The video's length once known (an overlay's end must fall within it). */
  videoMs?: number | null
  onMove: (from: number, to: number) => void
  onRemove: (id: string) => void
  /** The overlay, edited; without it there is no Edit. */
  onUpdate?: (overlay: TextOverlay) => void
  onSaveHook?: (overlay: TextOverlay) => void
}) {
  const id = useId()
  const [status, setStatus] = useState('')
  const [editing, setEditing] = useState<{ id: string; draft: OverlayDraft } | null>(null)
  const controls = useRef(new Map<string, HTMLButtonElement>())
  const pendingFocus = useRef<{ id: string; target: FocusTarget } | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: rowToRowCoordinates }),
  )

  // Reordering re-creates rows: the keyboard user's focus follows the overlay they moved.
  useEffect(() => {
    const request = pendingFocus.current
    if (!request) return
    pendingFocus.current = null
    const order: FocusTarget[] = [request.target, request.target === 'up' ? 'down' : 'up', 'handle', 'remove']
    if (request.target === 'edit') order.splice(1, 0, 'remove')
    for (const target of order) {
      const button = controls.current.get(`${request.id}:${target}`)
      if (button && button.getAttribute('aria-disabled') !== 'true') {
        button.focus()
        return
      }
    }
  }, [overlays, editing])

  function move(overlay: TextOverlay, from: number, to: number, focus: FocusTarget | null) {
    if (to < 0 || to >= overlays.length || from === to) return
    if (focus) pendingFocus.current = { id: overlay.id, target: focus }
    onMove(from, to)
    setStatus(`Moved “${overlay.text}” to position ${to + 1} of ${overlays.length}.`)
  }

  function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
    if (!over) return
    const from = overlays.findIndex((o) => o.id === active.id)
    const to = overlays.findIndex((o) => o.id === over.id)
    const overlay = overlays[from]
    if (!overlay || to === -1) return
    move(overlay, from, to, activatorEvent instanceof KeyboardEvent ? 'handle' : null)
  }

  if (overlays.length === 0) {
    return <p className="text-sm text-slate-600">No text overlays yet. Add one above; it shows in the preview.</p>
  }

  const register = (key: string) => (node: HTMLButtonElement | null) => {
    if (node) controls.current.set(key, node)
    else controls.current.delete(key)
  }

  return (
    <div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Overlays lower in the list are drawn on top. Drag them, or use Move up and Move down, to change the order.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: announcements(overlays),
          screenReaderInstructions: { draggable: INSTRUCTIONS },
        }}
      >
        <ol aria-label="Text overlays" aria-describedby={`${id}-hint`} className="mt-2 space-y-2">
          {overlays.map((overlay, index) => (
            <OverlayRow
              key={overlay.id}
              overlay={overlay}
              index={index}
              count={overlays.length}
              combined={combined}
              register={register}
              savingHook={savingHookId === overlay.id}
              onSaveHook={onSaveHook ? () => onSaveHook(overlay) : undefined}
              onEdit={onUpdate ? () => setEditing({ id: overlay.id, draft: draftFromOverlay(overlay) }) : undefined}
              editor={
                editing?.id === overlay.id && onUpdate ? (
                  <AddOverlayForm
                    mode="edit"
                    draft={editing.draft}
                    combined={combined}
                    count={overlays.length}
                    videoMs={videoMs}
                    onChange={(draft) => setEditing({ id: overlay.id, draft })}
                    onAdd={() => {
                      const updated = overlayFromDraft(editing.draft, overlay.id)
                      pendingFocus.current = { id: overlay.id, target: 'edit' }
                      setEditing(null)
                      onUpdate(updated)
                      setStatus(`Saved “${updated.text}”.`)
                    }}
                    onCancel={() => {
                      pendingFocus.current = { id: overlay.id, target: 'edit' }
                      setEditing(null)
                    }}
                  />
                ) : null
              }
              onMoveUp={() => move(overlay, index, index - 1, 'up')}
              onMoveDown={() => move(overlay, index, index + 1, 'down')}
              onRemove={() => {
                // Focus goes to the next overlay's Remove (or the previous one's), not to the top of the page.
                const neighbour = overlays[index + 1] ?? overlays[index - 1]
                if (neighbour) pendingFocus.current = { id: neighbour.id, target: 'remove' }
                onRemove(overlay.id)
                setStatus(`Removed “${overlay.text}”.`)
              }}
            />
          ))}
        </ol>
      </DndContext>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </div>
  )
}

function OverlayRow({
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
          <span style={{ fontFamily: OVERLAY_FONT_STACK }}>{overlay.text}</span>
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
