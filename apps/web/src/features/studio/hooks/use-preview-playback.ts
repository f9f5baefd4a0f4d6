import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The preview's play/pause and position: the first video's state, followed every frame while it plays. `second` is
 * the other half of a side by side preview, kept with the first.
 */
export function usePreviewPlayback() {
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

export type PreviewPlayback = ReturnType<typeof usePreviewPlayback>
