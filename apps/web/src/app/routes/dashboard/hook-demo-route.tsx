import { useEffect, useRef } from 'react'
import { Navigate, useNavigate, type NavigateFunction } from 'react-router'
import { HOOK_DEMO_HREF, tabHref } from './tabs'

/** The id of the Create tab's 'Your Videos' heading (features/studio CreatedVideos); it takes focus (tabIndex -1). */
const CREATED_VIDEOS_HEADING = 'created-videos-heading'

/** product.md §2's "videos library": the Create tab's list of created videos. */
export const CREATED_VIDEOS_HREF = `${tabHref('create')}#${CREATED_VIDEOS_HEADING}`

/** How long to wait for the list to show, and to keep it in view while the page above it settles. */
const SHOW_WAIT_MS = 10_000
const SETTLE_MS = 3_000

/**
 * Brings the created videos' heading into view and focus once it is on the page (the dashboard's chunks load after the
 * navigation), and keeps it in view while the form above it loads, until the person scrolls or acts.
 */
function focusCreatedVideos() {
  const stops: (() => void)[] = []
  const stop = () => stops.splice(0).forEach((fn) => fn())

  const settle = (heading: HTMLElement) => {
    const keep = new ResizeObserver(() => {
      if (document.activeElement === heading) heading.scrollIntoView({ block: 'start' })
    })
    keep.observe(document.body)
    const userActs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
    userActs.forEach((type) => window.addEventListener(type, stop, { passive: true }))
    const timer = window.setTimeout(stop, SETTLE_MS)
    stops.push(() => {
      keep.disconnect()
      userActs.forEach((type) => window.removeEventListener(type, stop))
      window.clearTimeout(timer)
    })
  }

  const tryFocus = () => {
    const heading = document.getElementById(CREATED_VIDEOS_HEADING)
    if (!heading) return false
    heading.scrollIntoView({ block: 'start' })
    heading.focus({ preventScroll: true })
    settle(heading)
    return true
  }

  const watch = new MutationObserver(() => {
    if (!tryFocus()) return
    watch.disconnect()
    window.clearTimeout(giveUp)
  })
  const giveUp = window.setTimeout(() => watch.disconnect(), SHOW_WAIT_MS)
  watch.observe(document.body, { childList: true, subtree: true })
  stops.push(() => {
    watch.disconnect()
    window.clearTimeout(giveUp)
  })
}

function goToCreatedVideos(navigate: NavigateFunction, replace = false) {
  void navigate(CREATED_VIDEOS_HREF, { replace })
  focusCreatedVideos()
}

/**
 * '/dashboard/hook-demo' (product.md §2 'Create Hook + Demo Video') is the Create tab's form preset for a hook + demo video
 * (ADR 032): one form, and the side menu marks the Create tab.
 */
export function HookDemoRoute() {
  return <Navigate to={HOOK_DEMO_HREF} replace />
}

/** '/videos' (the spec's name for the videos library) is the Create tab's list. */
export function VideosRedirect() {
  const navigate = useNavigate()
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    goToCreatedVideos(navigate, true)
  }, [navigate])
  return null
}
