import { useLayoutEffect, useState, type RefObject } from 'react'

/** One of the element's box sizes in CSS pixels, measured now and again whenever the element is resized. */
function useElementBox(ref: RefObject<HTMLElement | null>, side: 'height' | 'width'): number | null {
  const [size, setSize] = useState<number | null>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setSize(element.getBoundingClientRect()[side])
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, side])
  return size
}

/**
 * The element's height in CSS pixels, kept up to date as it changes (a banner line appears, the text wraps on a phone),
 * so what sits under a sticky bar can stick just below it.
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number | null {
  return useElementBox(ref, 'height')
}

/** The element's width in CSS pixels, kept up to date (a chart drawn to the width it has, at its true text size). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  return useElementBox(ref, 'width')
}
