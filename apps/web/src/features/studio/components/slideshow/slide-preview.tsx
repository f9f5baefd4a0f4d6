import { useId, useState } from 'react'
import type { OverlayAnchor, TextOverlay } from '@hookpost/shared/studio'
import { useOverlayCanvas } from '../../hooks/use-overlay-canvas'
import { PREVIEW_FRAME, previewDescription } from '../../utils/preview'
import type { DraftSlide } from '../../utils/slideshow-draft'
import { OverlayHandle } from '../preview/overlay-handle'
import { SafeZoneGuide } from '../preview/safe-zone-guide'
import { SlideBackgroundView } from './slide-background'

const NO_OVERLAYS: readonly TextOverlay[] = []

/**
 * The selected slide at 280×498 (the 1080×1920 JPEG scaled down): its background under a canvas on which its overlays
 * are drawn by the renderer's own layout and drawing code (ADR 010), TikTok's safe zone over it, and a handle on each
 * overlay to drag it or move it with the arrow keys (ADR 031), as in the video preview.
 */
export function SlidePreview({
  slide,
  position,
  onMoveOverlay,
}: {
  slide: DraftSlide | null
  /** The slide's place (1-based), for the preview's name. */
  position: number
  onMoveOverlay: (id: string, anchor: OverlayAnchor) => void
}) {
  const id = useId()
  const [showSafeZone, setShowSafeZone] = useState(true)
  const overlays = slide?.overlays ?? NO_OVERLAYS
  // A slide is a still: every overlay shows for the whole of it.
  const { canvasRef, shown, layouts, pixelRatio } = useOverlayCanvas(overlays, 'hook', 0)
  const { width, height } = PREVIEW_FRAME
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">Preview{slide ? ` of slide ${position}` : ''}</h3>
      <div className="-mx-4 flex justify-center sm:mx-0 sm:block">
        <div
          className="relative mt-2 shrink-0 overflow-hidden rounded-md bg-slate-900"
          style={{ width, height }}
          data-testid="slide-preview"
        >
          {slide ? (
            <SlideBackgroundView background={slide.background} className="absolute inset-0 h-full w-full" />
          ) : (
            <p className="absolute inset-x-0 top-1/3 px-6 text-center text-sm text-slate-300">
              Add a slide to see it here with its text.
            </p>
          )}
          <canvas
            ref={canvasRef}
            width={Math.round(width * pixelRatio)}
            height={Math.round(height * pixelRatio)}
            role="img"
            aria-label={previewDescription(shown, slide ? `Slide ${position}` : 'Empty slide')}
            className="pointer-events-none absolute inset-0"
            style={{ width, height }}
          />
          {showSafeZone ? <SafeZoneGuide /> : null}
          {layouts.map((l) => (
            <OverlayHandle
              key={l.overlay.id}
              layout={l}
              describedBy={`${id}-move-hint`}
              onMove={(anchor) => onMoveOverlay(l.overlay.id, anchor)}
            />
          ))}
        </div>
      </div>
      <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={showSafeZone}
          onChange={(e) => setShowSafeZone(e.target.checked)}
          className="h-4 w-4 accent-fuchsia-700"
        />
        Show TikTok safe zone
      </label>
      <p className="mt-1 text-xs text-slate-600">
        {width}×{height}, the 1080×1920 slide scaled down: text sizes are those of the final image.
      </p>
      {layouts.length > 0 ? (
        <p id={`${id}-move-hint`} className="mt-1 text-xs text-slate-600">
          Drag an overlay on the preview to place it, or focus it and use the arrow keys (Shift moves further).
        </p>
      ) : null}
    </div>
  )
}
