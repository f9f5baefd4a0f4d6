import { useId, useState } from 'react'
import type { OverlayAnchor, TextOverlay } from '@hookpost/shared/studio'
import { useOverlayCanvas } from '../hooks/use-overlay-canvas'
import { usePreviewPlayback } from '../hooks/use-preview-playback'
import { PREVIEW_FRAME, previewDescription, previewFit, safeZoneWarnings } from '../utils/preview'
import { previewScene, type PreviewSceneInput } from '../utils/preview-scene'
import { OverlayHandle } from './preview/overlay-handle'
import { PreviewControls } from './preview/preview-controls'
import { SafeZoneGuide } from './preview/safe-zone-guide'
import { SegmentToggle } from './preview/segment-toggle'
import { SourceVideo } from './preview/source-video'

/**
 * The 280×498 preview (product.md §2): the chosen local file under a canvas on which the overlays are drawn with the shared
 * layout and drawing code (ADR 010), so what is seen here is what the rendered video shows, at the time it shows it
 * (an overlay with a start or end comes and goes as the video plays). With a demo, a toggle picks the segment shown
 * (hook or demo, played one after the other); side by side shows both at once. The player's controls sit below the
 * frame so they never cover the bottom overlay; TikTok's safe zone can be shown over it; each overlay can be dragged
 * there, or moved with the arrow keys (ADR 031).
 */
export function OverlayPreview({
  hook,
  demo,
  hookSize,
  demoSize,
  layout,
  fit,
  cropFocus,
  overlays,
  onMoveOverlay,
}: Omit<PreviewSceneInput, 'chosen'> & {
  overlays: readonly TextOverlay[]
  /** An overlay was dragged or nudged to `anchor`; without it the overlays cannot be moved here. */
  onMoveOverlay?: (id: string, anchor: OverlayAnchor) => void
}) {
  const id = useId()
  const [chosen, setChosen] = useState<'hook' | 'demo'>('hook')
  const [showSafeZone, setShowSafeZone] = useState(true)
  const scene = previewScene({ hook, demo, hookSize, demoSize, layout, fit, cropFocus, chosen })
  const { segment, shownSource } = scene
  const playback = usePreviewPlayback()
  const nowMs = scene.offsetMs + playback.timeMs
  const { canvasRef, shown, layouts, pixelRatio } = useOverlayCanvas(overlays, segment, nowMs)
  const { width, height } = PREVIEW_FRAME
  const warnings = safeZoneWarnings(layouts)
  return (
    <div>
      <h3 id={`${id}-heading`} className="text-sm font-medium text-slate-800">
        Preview
      </h3>
      {scene.combined && layout === 'sequence' ? (
        <SegmentToggle name={`${id}-segment`} chosen={chosen} onChoose={setChosen} />
      ) : null}
      {/* On a 375 px phone the card's padding leaves less than 280 px: the preview uses the padding, never shrinks. */}
      <div className="-mx-4 flex justify-center sm:mx-0 sm:block">
        <div
          className="relative mt-2 shrink-0 overflow-hidden rounded-md bg-slate-900"
          style={{ width, height }}
          data-testid="overlay-preview"
        >
          {segment === 'split' && hook && demo ? (
            <div className="absolute inset-0 flex">
              <SourceVideo
                source={hook}
                fit={previewFit('half', hookSize)}
                className="h-full w-1/2"
                onElement={playback.attach}
              />
              <SourceVideo
                source={demo}
                fit={previewFit('half', demoSize)}
                className="h-full w-1/2"
                onElement={playback.attachSecond}
              />
            </div>
          ) : shownSource ? (
            <SourceVideo
              key={segment}
              source={shownSource}
              fit={scene.shownFit}
              position={scene.shownPosition}
              className="absolute inset-0 h-full w-full"
              onElement={playback.attach}
            />
          ) : (
            <p className="absolute inset-x-0 top-1/3 px-6 text-center text-sm text-slate-300">
              Upload a video or choose one from the Library to see it here with your text overlays.
            </p>
          )}
          <canvas
            ref={canvasRef}
            width={Math.round(width * pixelRatio)}
            height={Math.round(height * pixelRatio)}
            role="img"
            aria-label={previewDescription(shown, scene.pictureName)}
            className="pointer-events-none absolute inset-0"
            style={{ width, height }}
          />
          {showSafeZone ? <SafeZoneGuide /> : null}
          {onMoveOverlay
            ? layouts.map((l) => (
                <OverlayHandle
                  key={l.overlay.id}
                  layout={l}
                  describedBy={`${id}-move-hint`}
                  onMove={(anchor) => onMoveOverlay(l.overlay.id, anchor)}
                />
              ))
            : null}
        </div>
      </div>
      <PreviewControls playback={playback} hasVideo={scene.hasVideo} nowMs={nowMs} maxWidth={width} />
      {/* Announced as an overlay is dragged under TikTok's interface, and when it leaves. */}
      <div role="status" aria-label="Safe zone" className="mt-2 space-y-1" style={{ maxWidth: width }}>
        {warnings.map((w) => (
          <p key={w.id} className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
            {w.text}
          </p>
        ))}
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
        {width}×{height}, the 1080×1920 video scaled down: text sizes are those of the final video.
      </p>
      {scene.fitNote ? (
        <p className="mt-1 text-xs text-slate-700" data-testid="preview-fit-note">
          {scene.fitNote}
        </p>
      ) : null}
      {onMoveOverlay && layouts.length > 0 ? (
        <p id={`${id}-move-hint`} className="mt-1 text-xs text-slate-600">
          Drag an overlay on the preview to place it, or focus it and use the arrow keys (Shift moves further).
        </p>
      ) : null}
    </div>
  )
}
