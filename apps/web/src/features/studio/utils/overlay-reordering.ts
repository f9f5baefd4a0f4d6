import { KeyboardCode, type Announcements, type KeyboardCoordinateGetter, type UniqueIdentifier } from '@dnd-kit/core'
import type { TextOverlay } from '@hookpost/shared/studio'

/**
 * The keyboard moves a picked-up overlay one row at a time: Up and Down put it over the row above or below (whatever
 * their heights), instead of dnd-kit's default 25-pixel steps.
 */
export const rowToRowCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
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

/** What a screen reader hears on a drag handle: how to reorder by keyboard. */
export const REORDER_INSTRUCTIONS =
  'To reorder a text overlay, press Space or Enter to pick it up, use the Up and Down arrow keys to move it, and press ' +
  'Space or Enter to drop it there, or Escape to cancel. Overlays lower in the list are drawn on top.'

/** What a screen reader hears as an overlay is picked up, moved over another position and dropped (dnd-kit). */
export function reorderAnnouncements(overlays: readonly TextOverlay[]): Announcements {
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
