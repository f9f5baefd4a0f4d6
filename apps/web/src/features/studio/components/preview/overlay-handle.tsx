import type { OverlayAnchor, OverlayLayout } from '@hookpost/shared/studio'
import { useOverlayDrag } from '../../hooks/use-overlay-drag'

/**
 * A transparent button over one overlay on the preview: pointer drag (the pointer is captured, so a fast drag does not
 * lose it) and arrow keys, both giving the block's new centre as an anchor.
 */
export function OverlayHandle({
  layout,
  describedBy,
  onMove,
}: {
  layout: OverlayLayout
  describedBy: string
  onMove: (anchor: OverlayAnchor) => void
}) {
  const { bounds } = layout
  const drag = useOverlayDrag(bounds, onMove)
  return (
    <button
      type="button"
      aria-label={`Move “${layout.overlay.text}” on the preview`}
      aria-describedby={describedBy}
      className="absolute cursor-move touch-none rounded-sm bg-transparent hover:outline hover:outline-1 hover:outline-white/70 focus-visible:outline-2 focus-visible:outline-fuchsia-500"
      style={{ left: bounds.left, top: bounds.top, width: bounds.width, height: bounds.height }}
      {...drag}
    />
  )
}
