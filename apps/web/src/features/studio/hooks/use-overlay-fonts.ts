import { useEffect, useState } from 'react'
// The overlay fonts (ADR 010): the same files the server renders with, so the preview wraps and measures the same.
import '../utils/overlay-text-style'

/**
 * Loads the faces `requests` need (`document.fonts.load`, which fetches only the unicode-range subsets the text uses)
 * and returns a number that changes whenever fonts finish loading, so a canvas drawn with a fallback font is drawn
 * again once the real one is there.
 */
export function useOverlayFonts(requests: readonly { font: string; text: string }[]): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts
    if (!fonts || requests.length === 0) return
    let live = true
    const bump = () => {
      if (live) setVersion((v) => v + 1)
    }
    void Promise.allSettled(requests.map((r) => fonts.load(r.font, r.text))).then(bump)
    fonts.addEventListener('loadingdone', bump)
    return () => {
      live = false
      fonts.removeEventListener('loadingdone', bump)
    }
  }, [requests])
  return version
}
