import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import {
  TIKTOK_SAFE_ZONE,
  type OverlayAnchor,
  type OverlayLayout,
  type SourceFit,
  type TextOverlay,
} from '@hookpost/shared/studio'
import { useOverlayFonts } from '../hooks/use-overlay-fonts'
import { overlaysForPreview, overlaysShownAt, type PreviewSegment } from '../utils/overlays'
import {
  PREVIEW_FRAME,
  anchorAt,
  drawOverlayPreview,
  needsFit,
  nudgeAnchor,
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

type Size = { width: number; height: number; durationMs?: number }

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
function SourceVideo({
  source,
  fit,
  className,
  onElement,
}: {
  source: PreviewSource
  fit: PreviewFit
  className: string
  /** The element, for the preview's own controls (the native ones would cover the bottom overlay). */
  onElement?: (video: HTMLVideoElement | null) => void
}) {
  const ref = useRef<HTMLVideoElement>(null)
  const copyRef = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    onElement?.(ref.current)
    return () => onElement?.(null)
  }, [onElement])
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
 * The preview's play/pause and position: the first video's state, followed every frame while it plays. `second` is
 * the other half of a side by side preview, kept with the first.
 */
function usePreviewPlayback() {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  const element = useRef<HTMLVideoElement | null>(null)
  const second = useRef<HTMLVideoElement | null>(null)
  const [timeMs, setTimeMs] = useState(0)
  const [durationMs, setDurationMs] = useState(0)
  const [playing, setPlaying] = useState(false)
  const attach = useCallback((node: HTMLVideoElement | null) => {
    element.current = node
    setVideo(node)
  }, [])
  const attachSecond = useCallback((node: HTMLVideoElement | null) => {
    second.current = node
  }, [])
  useEffect(() => {
    if (!video) return
    let frame = 0
    const read = () => setTimeMs(Math.round(video.currentTime * 1000))
    const tick = () => {
      read()
      frame = requestAnimationFrame(tick)
    }
    const onPlay = () => {
      setPlaying(true)
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(tick)
    }
    const onPause = () => {
      setPlaying(false)
      cancelAnimationFrame(frame)
      read()
    }
    const onMeta = () => setDurationMs(Number.isFinite(video.duration) ? Math.round(video.duration * 1000) : 0)
    video.addEventListener('play', onPlay)
    video.addEventListener('pause', onPause)
    video.addEventListener('seeked', read)
    video.addEventListener('timeupdate', read)
    video.addEventListener('loadedmetadata', onMeta)
    video.addEventListener('emptied', onMeta)
    // Metadata that arrived before these listeners (a cached file) is read once, after this effect.
    let live = true
    if (video.readyState >= 1) queueMicrotask(() => live && onMeta())
    return () => {
      live = false
      cancelAnimationFrame(frame)
      video.removeEventListener('play', onPlay)
      video.removeEventListener('pause', onPause)
      video.removeEventListener('seeked', read)
      video.removeEventListener('timeupdate', read)
      video.removeEventListener('loadedmetadata', onMeta)
      video.removeEventListener('emptied', onMeta)
    }
  }, [video])

  function toggle() {
    const first = element.current
    if (!first) return
    if (first.paused) {
      void first.play().catch(() => undefined)
      void second.current?.play().catch(() => undefined)
    } else {
      first.pause()
      second.current?.pause()
    }
  }

  function seek(ms: number) {
    for (const node of [element.current, second.current]) if (node) node.currentTime = ms / 1000
  }

  return {
    attach,
    attachSecond,
    toggle,
    seek,
    // Without a video there is no time: a new one starts from 0 until it reports its own.
    timeMs: video ? timeMs : 0,
    durationMs: video ? durationMs : 0,
    playing: video ? playing : false,
  }
}

const SAFE = TIKTOK_SAFE_ZONE

/** TikTok's interface over the frame (ADR 031): where it covers the video, labelled; it lets the pointer through. */
function SafeZoneGuide() {
  const zone =
    'pointer-events-none absolute flex items-center justify-center bg-rose-500/35 text-[10px] font-semibold uppercase tracking-wide text-white [text-shadow:0_1px_2px_rgb(0_0_0)]'
  return (
    <div data-testid="safe-zone-guide" className="pointer-events-none absolute inset-0">
      <div className={`${zone} inset-x-0 top-0`} style={{ height: `${SAFE.topBar * 100}%` }}>
        Top bar
      </div>
      <div
        className={`${zone} right-0 [writing-mode:vertical-rl]`}
        style={{
          top: `${SAFE.buttons.top * 100}%`,
          bottom: `${SAFE.captionArea * 100}%`,
          width: `${SAFE.buttons.width * 100}%`,
        }}
      >
        Buttons
      </div>
      <div className={`${zone} inset-x-0 bottom-0`} style={{ height: `${SAFE.captionArea * 100}%` }}>
        Caption
      </div>
    </div>
  )
}

function formatSeconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`
}

/**
 * The 280×498 preview (spec §2): the chosen local file under a canvas on which the overlays are drawn with the shared
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
  overlays,
  onMoveOverlay,
}: {
  hook: PreviewSource | null
  demo: PreviewSource | null
  /** The videos' sizes and lengths once known (the server measured them). */
  hookSize: Size | null
  demoSize: Size | null
  layout: 'sequence' | 'split'
  /** How a video that is not portrait 9:16 fills the whole frame (ADR 032). */
  fit: SourceFit
  overlays: readonly TextOverlay[]
  /** An overlay was dragged or nudged to `anchor`; without it the overlays cannot be moved here. */
  onMoveOverlay?: (id: string, anchor: OverlayAnchor) => void
}) {
  const id = useId()
  const combined = hook !== null && demo !== null
  const [chosen, setChosen] = useState<'hook' | 'demo'>('hook')
  const [showSafeZone, setShowSafeZone] = useState(true)
  const segment: PreviewSegment = !combined ? 'hook' : layout === 'split' ? 'split' : chosen
  const playback = usePreviewPlayback()
  // Overlay times are the output's: the demo of a sequence starts when the hook ends.
  const offsetMs = segment === 'demo' ? (hookSize?.durationMs ?? 0) : 0
  const nowMs = offsetMs + playback.timeMs
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

  const { width, height } = PREVIEW_FRAME
  const shownSource = segment === 'demo' ? demo : hook
  const shownSize = segment === 'demo' ? demoSize : hookSize
  const shownFit = previewFit('full', shownSize, fit)
  const fitNote = segment !== 'split' && shownSource && needsFit(shownSize) ? FIT_NOTES[fit] : null
  const hasVideo = segment === 'split' ? hook !== null && demo !== null : shownSource !== null
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
              fit={shownFit}
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
            aria-label={previewDescription(shown, combined ? SEGMENT_NAMES[segment] : 'The video')}
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
      <div className="mt-2 flex flex-wrap items-center gap-2" style={{ maxWidth: width }}>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-fuchsia-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={hasVideo ? undefined : true}
          onClick={playback.toggle}
        >
          {playback.playing ? 'Pause preview' : 'Play preview'}
        </button>
        <label className="flex min-w-0 flex-1 items-center gap-2 text-xs text-slate-700">
          <span className="sr-only">Preview time</span>
          <input
            type="range"
            min={0}
            max={Math.max(playback.durationMs, 1)}
            step={100}
            value={Math.min(playback.timeMs, Math.max(playback.durationMs, 1))}
            disabled={!hasVideo}
            onChange={(e) => playback.seek(Number(e.target.value))}
            className="min-w-0 flex-1 accent-fuchsia-700"
          />
          <span aria-live="off" className="tabular-nums">
            {formatSeconds(nowMs)}
          </span>
        </label>
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
      {fitNote ? (
        <p className="mt-1 text-xs text-slate-700" data-testid="preview-fit-note">
          {fitNote}
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

/**
 * A transparent button over one overlay on the preview: pointer drag (the pointer is captured, so a fast drag does not
 * lose it) and arrow keys, both giving the block's new centre as an anchor.
 */
function OverlayHandle({
  layout,
  describedBy,
  onMove,
}: {
  layout: OverlayLayout
  describedBy: string
  onMove: (anchor: OverlayAnchor) => void
}) {
  const { bounds } = layout
  const centre = { x: bounds.left + bounds.width / 2, y: bounds.top + bounds.height / 2 }
  const grab = useRef<{ dx: number; dy: number; frameLeft: number; frameTop: number } | null>(null)

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    const frame = event.currentTarget.parentElement?.getBoundingClientRect()
    if (!frame) return
    event.currentTarget.setPointerCapture(event.pointerId)
    grab.current = {
      dx: event.clientX - frame.left - centre.x,
      dy: event.clientY - frame.top - centre.y,
      frameLeft: frame.left,
      frameTop: frame.top,
    }
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const g = grab.current
    if (!g) return
    onMove(anchorAt({ x: event.clientX - g.frameLeft - g.dx, y: event.clientY - g.frameTop - g.dy }))
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = nudgeAnchor(anchorAt(centre), event.key, event.shiftKey)
    if (!next) return
    event.preventDefault()
    onMove(next)
  }

  return (
    <button
      type="button"
      aria-label={`Move “${layout.overlay.text}” on the preview`}
      aria-describedby={describedBy}
      className="absolute cursor-move touch-none rounded-sm bg-transparent hover:outline hover:outline-1 hover:outline-white/70 focus-visible:outline-2 focus-visible:outline-fuchsia-500"
      style={{ left: bounds.left, top: bounds.top, width: bounds.width, height: bounds.height }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (grab.current = null)}
      onPointerCancel={() => (grab.current = null)}
      onKeyDown={onKeyDown}
    />
  )
}
