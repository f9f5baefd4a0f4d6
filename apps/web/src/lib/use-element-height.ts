import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * The element's height in CSS pixels, kept up to date as it changes (a banner line appears, the text wraps on a phone),
 * so what sits under a sticky bar can stick just below it.
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setHeight(element.getBoundingClientRect().height)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return height
}
