import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Where each visited entry of this tab's history was scrolled to, by React Router's location key. */
const positions = new Map<string, number>()

/**
 * What React Router's `<ScrollRestoration>` did for the public pages, which needs its data router (ADR 060): a new page
 * (a link, a redirect) opens at its top, or at its `#hash` target; back and forward return to where that entry was
 * left. The first page of a load keeps the browser's own position.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation()
  const navigationType = useNavigationType()
  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const top = positions.get(key)
      if (top !== undefined) window.scrollTo(0, top)
      return
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [key, hash, navigationType])
  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [key])
}
