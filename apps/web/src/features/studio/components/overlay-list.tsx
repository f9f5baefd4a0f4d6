import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import { useId, useState } from 'react'
import type { TextOverlay } from '@hookpost/shared/studio'
import { useRowFocus, type FocusTarget } from '../hooks/use-row-focus'
import { draftFromOverlay, overlayFromDraft, type OverlayDraft } from '../utils/overlays'
import { REORDER_INSTRUCTIONS, reorderAnnouncements, rowToRowCoordinates } from '../utils/overlay-reordering'
import { AddOverlayForm } from './add-overlay-form'
import { OverlayRow } from './overlays/overlay-row'

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
  timed = true,
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
  /** Overlays with a start and an end (a video's); a slide's show for the whole slide. */
  timed?: boolean
  onMove: (from: number, to: number) => void
  onRemove: (id: string) => void
  /** The overlay, edited; without it there is no Edit. */
  onUpdate?: (overlay: TextOverlay) => void
  onSaveHook?: (overlay: TextOverlay) => void
}) {
  const id = useId()
  const [status, setStatus] = useState('')
  const [editing, setEditing] = useState<{ id: string; draft: OverlayDraft } | null>(null)
  const { register, focusLater } = useRowFocus(overlays, editing)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: rowToRowCoordinates }),
  )

  function move(overlay: TextOverlay, from: number, to: number, focus: FocusTarget | null) {
    if (to < 0 || to >= overlays.length || from === to) return
    if (focus) focusLater(overlay.id, focus)
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
          announcements: reorderAnnouncements(overlays),
          screenReaderInstructions: { draggable: REORDER_INSTRUCTIONS },
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
                    timed={timed}
                    draft={editing.draft}
                    combined={combined}
                    count={overlays.length}
                    videoMs={videoMs}
                    onChange={(draft) => setEditing({ id: overlay.id, draft })}
                    onAdd={() => {
                      const updated = overlayFromDraft(editing.draft, overlay.id)
                      focusLater(overlay.id, 'edit')
                      setEditing(null)
                      onUpdate(updated)
                      setStatus(`Saved “${updated.text}”.`)
                    }}
                    onCancel={() => {
                      focusLater(overlay.id, 'edit')
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
                if (neighbour) focusLater(neighbour.id, 'remove')
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
