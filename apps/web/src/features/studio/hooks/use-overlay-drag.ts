import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import type { OverlayAnchor, OverlayLayout } from '@hookpost/shared/studio'
import { anchorAt, blockCentre, draggedAnchor, gripAt, nudgeAnchor, type DragGrip } from '../utils/preview'

/**
 * Moving an overlay on the preview: pointer drag (the pointer is captured, so a fast drag does not lose it) and arrow
 * keys, both giving the block's new centre as an anchor. Returns the handlers for the overlay's handle, whose parent
 * is the frame.
 */
export function useOverlayDrag(bounds: OverlayLayout['bounds'], onMove: (anchor: OverlayAnchor) => void) {
  const grab = useRef<DragGrip | null>(null)
  const centre = blockCentre(bounds)

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    const frame = event.currentTarget.parentElement?.getBoundingClientRect()
    if (!frame) return
    event.currentTarget.setPointerCapture(event.pointerId)
    grab.current = gripAt({ x: event.clientX, y: event.clientY }, frame, centre)
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const g = grab.current
    if (!g) return
    onMove(draggedAnchor({ x: event.clientX, y: event.clientY }, g))
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = nudgeAnchor(anchorAt(centre), event.key, event.shiftKey)
    if (!next) return
    event.preventDefault()
    onMove(next)
  }

  const release = () => {
    grab.current = null
  }

  return { onPointerDown, onPointerMove, onPointerUp: release, onPointerCancel: release, onKeyDown }
}
