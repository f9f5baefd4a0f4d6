import { useEffect, useRef, useState, type RefObject } from 'react'
import type { TextOverlay } from '@hookpost/shared/studio'
import { CrossIcon } from '../../../../components/ui/cross-icon'
import { useOverlayCanvas } from '../../hooks/use-overlay-canvas'
import { PREVIEW_FRAME, type PreviewFit } from '../../utils/preview'
import type { PreviewSource } from '../../utils/preview-scene'
import { showSource } from './source-video'

/** 40 % of the full preview: big enough to read a hook's words, small enough to leave the form usable. */
const MINI = { width: Math.round(PREVIEW_FRAME.width * 0.4), height: Math.round(PREVIEW_FRAME.height * 0.4) }

/**
 * Whether at least half of `target` is on screen (the full preview's column, its frame first: the mini one is not
 * needed while most of the frame can be seen; a sliver of it at the bottom of the screen does not count). The
 * thresholds make the observer report often enough to notice the half-way line crossed.
 */
function useOnScreen(target: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false)
  useEffect(() => {
    const element = target.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        // Half of what could be seen at once: a column taller than the screen counts when it fills half of it.
        const seeable = Math.min(entry.boundingClientRect.height, entry.rootBounds?.height ?? Infinity)
        setOnScreen(seeable > 0 && entry.intersectionRect.height >= seeable / 2)
      },
      { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [target])
  return onScreen
}

/**
 * On a phone the form is one column and the full preview comes after it, far below the overlay being typed (issue 30
 * item 10): a small copy floats in the corner while the full one is off screen, the video's first frame under the
 * overlays it shows at the start, redrawn as they change. Pressing it scrolls to the full preview; it can be hidden.
 * Not on wide screens, where the full preview stays beside the form.
 */
export function MiniPreview({
  source,
  fit,
  position,
  overlays,
  fullPreview,
}: {
  source: PreviewSource | null
  fit: PreviewFit
  position: string
  overlays: readonly TextOverlay[]
  fullPreview: RefObject<HTMLElement | null>
}) {
  const fullOnScreen = useOnScreen(fullPreview)
  const [hidden, setHidden] = useState(false)
  const { canvasRef, pixelRatio } = useOverlayCanvas(overlays, 'hook', 0)
  const videoRef = useRef<HTMLVideoElement>(null)
  const file = source && 'file' in source ? source.file : null
  const remote = source && 'url' in source ? source.url : null
  const shown = !hidden && !fullOnScreen && (source !== null || overlays.length > 0)
  useEffect(() => {
    const video = videoRef.current
    return video ? showSource([video], file, remote) : undefined
    // `shown`: the element comes and goes with the full preview's visibility.
  }, [file, remote, shown])

  if (!shown) return null
  return (
    <div className="fixed right-3 bottom-3 z-30 lg:hidden" data-testid="mini-preview">
      <button
        type="button"
        aria-label="Show the full preview"
        onClick={() => fullPreview.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })}
        className="relative block overflow-hidden rounded-md bg-slate-900 shadow-lg ring-2 ring-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
        style={MINI}
      >
        {source ? (
          <video
            ref={videoRef}
            aria-hidden="true"
            muted
            playsInline
            preload="metadata"
            className={`absolute inset-0 h-full w-full ${fit === 'cover' ? 'object-cover' : 'object-contain'}`}
            style={fit === 'cover' ? { objectPosition: position } : undefined}
          />
        ) : null}
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          width={Math.round(PREVIEW_FRAME.width * pixelRatio)}
          height={Math.round(PREVIEW_FRAME.height * pixelRatio)}
          className="pointer-events-none absolute inset-0"
          style={MINI}
        />
      </button>
      <button
        type="button"
        aria-label="Hide the small preview"
        onClick={() => setHidden(true)}
        className="absolute -top-2 -left-2 flex h-6 w-6 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
      >
        <CrossIcon className="h-3.5 w-3.5" />
      </button>
    </div>
  )
}
