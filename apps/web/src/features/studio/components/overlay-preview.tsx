import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { TextOverlay } from '@hookpost/shared/studio'
import { useOverlayFonts } from '../hooks/use-overlay-fonts'
import { overlaysForPreview, type PreviewSegment } from '../utils/overlays'
import {
  PREVIEW_FRAME,
  drawOverlayPreview,
  previewDescription,
  previewFit,
  previewFontRequests,
} from '../utils/preview'

const SEGMENT_NAMES: Record<PreviewSegment, string> = {
  hook: 'The hook video',
  demo: 'The demo video',
  split: 'Hook and demo side by side',
}

/** The device pixel ratio, followed when the window moves to another screen or the page is zoomed. */
function usePixelRatio(): number {
  const [ratio, setRatio] = useState(() => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1))
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(`(resolution: ${ratio}dppx)`)
    const onChange = () => setRatio(window.devicePixelRatio || 1)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [ratio])
  return ratio
}

type Size = { width: number; height: number }

/** What a preview plays: a local file (before and while it uploads) or a stored video (a Library pick). */
export type PreviewSource = { name: string; file: File } | { name: string; url: string }

/**
 * One video in its box, fitted as the renderer fits it (covering, or letterboxed in black). A local file plays from a
 * `blob:` URL that lives as long as the player shows that file.
 */
function SourceVideo({
  source,
  fit,
  className,
}: {
  source: PreviewSource
  fit: 'cover' | 'contain'
  className: string
}) {
  const ref = useRef<HTMLVideoElement>(null)
  const file = 'file' in source ? source.file : null
  const remote = 'url' in source ? source.url : null
  useEffect(() => {
    const video = ref.current
    if (!video) return
    const url = file ? URL.createObjectURL(file) : remote
    if (!url) return
    video.src = url
    return () => {
      video.removeAttribute('src')
      video.load()
      if (file) URL.revokeObjectURL(url)
    }
  }, [file, remote])
  const label = `Preview of ${source.name}`
  return (
    <video
      ref={ref}
      controls
      muted
      playsInline
      loop
      preload="metadata"
      aria-label={label}
      data-fit={fit}
      className={`bg-black ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  )
}

/**
 * The 280×498 preview (spec §2): the chosen local file under a canvas on which the overlays are drawn with the shared
 * layout and drawing code (ADR 010), so what is seen here is what the rendered video shows. With a demo, a toggle
 * picks the segment shown (hook or demo, played one after the other); side by side shows both at once. The canvas lets
 * pointer events through to the player's controls, and says in words what it shows.
 */
export function OverlayPreview({
  hook,
  demo,
  hookSize,
  demoSize,
  layout,
  overlays,
}: {
  hook: PreviewSource | null
  demo: PreviewSource | null
  /** The videos' sizes once known (the server measured them). */
  hookSize: Size | null
  demoSize: Size | null
  layout: 'sequence' | 'split'
  overlays: readonly TextOverlay[]
}) {
  const id = useId()
  const combined = hook !== null && demo !== null
  const [chosen, setChosen] = useState<'hook' | 'demo'>('hook')
  const segment: PreviewSegment = !combined ? 'hook' : layout === 'split' ? 'split' : chosen
  const shown = useMemo(() => overlaysForPreview(overlays, segment), [overlays, segment])
  const fontRequests = useMemo(() => previewFontRequests(shown), [shown])
  const fontsVersion = useOverlayFonts(fontRequests)
  const pixelRatio = usePixelRatio()
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d')
    if (!ctx) return
    drawOverlayPreview(ctx, shown, PREVIEW_FRAME, pixelRatio)
  }, [shown, pixelRatio, fontsVersion])

  const { width, height } = PREVIEW_FRAME
  const shownSource = segment === 'demo' ? demo : hook
  // The form only takes a portrait hook: it covers the frame even before the server has measured it.
  const fit =
    segment === 'demo' ? previewFit('full', demoSize) : previewFit('full', hookSize ?? { width: 9, height: 16 })
  return (
    <div>
      <h3 id={`${id}-heading`} className="text-sm font-medium text-slate-800">
        Preview
      </h3>
      {combined && layout === 'sequence' ? (
        <fieldset className="mt-2">
          <legend className="sr-only">Segment shown in the preview</legend>
          <div className="inline-flex rounded-md border border-slate-300 p-0.5">
            {(['hook', 'demo'] as const).map((value) => (
              <label
                key={value}
                className={`relative cursor-pointer rounded px-3 py-1 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-fuchsia-700 ${
                  chosen === value ? 'bg-fuchsia-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-segment`}
                  value={value}
                  checked={chosen === value}
                  onChange={() => setChosen(value)}
                  className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
                />
                {value === 'hook' ? 'Hook' : 'Demo'}
              </label>
            ))}
          </div>
        </fieldset>
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
              <SourceVideo source={hook} fit={previewFit('half', hookSize)} className="h-full w-1/2" />
              <SourceVideo source={demo} fit={previewFit('half', demoSize)} className="h-full w-1/2" />
            </div>
          ) : shownSource ? (
            <SourceVideo key={segment} source={shownSource} fit={fit} className="absolute inset-0 h-full w-full" />
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
            aria-label={previewDescription(shown, combined ? SEGMENT_NAMES[segment] : 'The video')}
            className="pointer-events-none absolute inset-0"
            style={{ width, height }}
          />
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {width}×{height}, the 1080×1920 video scaled down: text sizes are those of the final video.
      </p>
    </div>
  )
}
