import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { SourceFit, TextOverlay } from '@hookpost/shared/studio'
import { useOverlayFonts } from '../hooks/use-overlay-fonts'
import { overlaysForPreview, type PreviewSegment } from '../utils/overlays'
import {
  PREVIEW_FRAME,
  drawOverlayPreview,
  needsFit,
  previewDescription,
  previewFit,
  previewFontRequests,
  type PreviewFit,
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
 * The blurred copy behind a video shown whole (fit blur): as blurred as the renderer's (an eighth of the size, a box
 * blur of 8 twice, scaled back up: a Gaussian of about 14 px on this 280 px frame), scaled up a little so the blur's
 * soft edge stays outside the frame.
 */
const BLUR_STYLE = { filter: 'blur(14px)', transform: 'scale(1.15)' } as const

/** Keeps the blurred copy on the player's time: it plays, pauses and seeks with it. */
function follow(main: HTMLVideoElement, copy: HTMLVideoElement): () => void {
  const sync = () => {
    if (Math.abs(copy.currentTime - main.currentTime) > 0.25) copy.currentTime = main.currentTime
    if (main.paused && !copy.paused) copy.pause()
    // A play() cut short by a pause or a new source is not an error worth a word.
    if (!main.paused && copy.paused) copy.play().catch(() => undefined)
  }
  const events = ['play', 'pause', 'seeked', 'timeupdate'] as const
  events.forEach((type) => main.addEventListener(type, sync))
  return () => events.forEach((type) => main.removeEventListener(type, sync))
}

/**
 * One video in its box, fitted as the renderer fits it (covering; letterboxed in black; or whole over a blurred copy
 * of itself). A local file plays from a `blob:` URL that lives as long as the player shows that file.
 */
function SourceVideo({ source, fit, className }: { source: PreviewSource; fit: PreviewFit; className: string }) {
  const ref = useRef<HTMLVideoElement>(null)
  const copyRef = useRef<HTMLVideoElement>(null)
  const file = 'file' in source ? source.file : null
  const remote = 'url' in source ? source.url : null
  const blurred = fit === 'blur'
  useEffect(() => {
    const video = ref.current
    if (!video) return
    const url = file ? URL.createObjectURL(file) : remote
    if (!url) return
    const copy = blurred ? copyRef.current : null
    video.src = url
    if (copy) copy.src = url
    const unfollow = copy ? follow(video, copy) : () => undefined
    return () => {
      unfollow()
      for (const v of copy ? [video, copy] : [video]) {
        v.removeAttribute('src')
        v.load()
      }
      if (file) URL.revokeObjectURL(url)
    }
  }, [file, remote, blurred])
  const label = `Preview of ${source.name}`
  const player = (
    <video
      ref={ref}
      controls
      muted
      playsInline
      loop
      preload="metadata"
      aria-label={label}
      data-fit={fit}
      className={
        blurred
          ? 'absolute inset-0 h-full w-full object-contain'
          : `bg-black ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`
      }
    />
  )
  if (!blurred) return player
  return (
    <div className={`overflow-hidden bg-black ${className}`}>
      <video
        ref={copyRef}
        aria-hidden="true"
        tabIndex={-1}
        muted
        playsInline
        loop
        preload="metadata"
        className="absolute inset-0 h-full w-full object-cover"
        style={BLUR_STYLE}
      />
      {player}
    </div>
  )
}

/** What the preview says under the frame about how a video that is not 9:16 is fitted. */
const FIT_NOTES: Record<SourceFit, string> = {
  blur: 'Not 9:16: shown whole over a blurred copy of itself.',
  crop: 'Not 9:16: cropped to fill the frame (its centre is kept).',
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
  fit,
  overlays,
}: {
  hook: PreviewSource | null
  demo: PreviewSource | null
  /** The videos' sizes once known (the server measured them). */
  hookSize: Size | null
  demoSize: Size | null
  layout: 'sequence' | 'split'
  /** How a video that is not portrait 9:16 fills the whole frame (ADR 032). */
  fit: SourceFit
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
  const shownSize = segment === 'demo' ? demoSize : hookSize
  const shownFit = previewFit('full', shownSize, fit)
  const fitNote = segment !== 'split' && shownSource && needsFit(shownSize) ? FIT_NOTES[fit] : null
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
            <SourceVideo key={segment} source={shownSource} fit={shownFit} className="absolute inset-0 h-full w-full" />
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
      {fitNote ? (
        <p className="mt-1 text-xs text-slate-700" data-testid="preview-fit-note">
          {fitNote}
        </p>
      ) : null}
    </div>
  )
}
