import { useEffect, useMemo, useRef, useState } from 'react'
import type { OverlayLayout, TextOverlay } from '@hookpost/shared/studio'
import { overlaysForPreview, overlaysShownAt, type PreviewSegment } from '../utils/overlays'
import { PREVIEW_FRAME, drawOverlayPreview, previewFontRequests } from '../utils/preview'
import { useOverlayFonts } from './use-overlay-fonts'
import { usePixelRatio } from './use-pixel-ratio'

/**
 * The preview's canvas: the overlays of the segment shown that show at `nowMs`, drawn with the shared layout and
 * drawing code (ADR 010) at the screen's pixel ratio, again once their fonts have loaded. Returns the canvas' ref, the
 * overlays drawn and where each block went (for the handles that move them).
 */
export function useOverlayCanvas(overlays: readonly TextOverlay[], segment: PreviewSegment, nowMs: number) {
  const onSegment = useMemo(() => overlaysForPreview(overlays, segment), [overlays, segment])
  const shownKey = overlaysShownAt(onSegment, nowMs)
    .map((o) => o.id)
    .join(' ')
  const shown = useMemo(() => onSegment.filter((o) => shownKey.split(' ').includes(o.id)), [onSegment, shownKey])
  const fontRequests = useMemo(() => previewFontRequests(onSegment), [onSegment])
  const fontsVersion = useOverlayFonts(fontRequests)
  const pixelRatio = usePixelRatio()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [layouts, setLayouts] = useState<OverlayLayout[]>([])

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d')
    if (!ctx) return
    setLayouts(drawOverlayPreview(ctx, shown, PREVIEW_FRAME, pixelRatio))
  }, [shown, pixelRatio, fontsVersion])

  return { canvasRef, shown, layouts, pixelRatio }
}
