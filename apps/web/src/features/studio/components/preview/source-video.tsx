import { useEffect, useRef } from 'react'
import type { PreviewFit } from '../../utils/preview'
import type { PreviewSource } from '../../utils/preview-scene'

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
 * Plays `file` (a local file, from a `blob:` URL) or `remote` in each of `videos`; the returned cleanup takes the
 * source away again (and frees the blob URL). Nothing to do without either.
 */
export function showSource(
  videos: readonly HTMLVideoElement[],
  file: File | null,
  remote: string | null,
): (() => void) | undefined {
  const url = file ? URL.createObjectURL(file) : remote
  if (!url) return undefined
  for (const v of videos) v.src = url
  return () => {
    for (const v of videos) {
      v.removeAttribute('src')
      v.load()
    }
    if (file) URL.revokeObjectURL(url)
  }
}

/**
 * One video in its box, fitted as the renderer fits it (covering; letterboxed in black; or whole over a blurred copy
 * of itself). A local file plays from a `blob:` URL that lives as long as the player shows that file.
 */
export function SourceVideo({
  source,
  fit,
  position,
  className,
  onElement,
}: {
  source: PreviewSource
  fit: PreviewFit
  /** Where a covering video sits (CSS object-position): the crop focus. The centre when absent. */
  position?: string
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
    const copy = blurred ? copyRef.current : null
    const hide = showSource(copy ? [video, copy] : [video], file, remote)
    if (!hide) return
    const unfollow = copy ? follow(video, copy) : () => undefined
    return () => {
      unfollow()
      hide()
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
      style={fit === 'cover' && position ? { objectPosition: position } : undefined}
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
