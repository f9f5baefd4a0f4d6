import { MESSAGES, TIKTOK_AUTHORIZE_ERRORS } from '@hookpost/shared/messages'
import { CONNECT_RETURN_FALLBACK, connectReturnPath } from '@hookpost/shared/tiktok'
import { paths } from '../../../config/paths'

/** Where the callback page goes back to, and what that place is called on its buttons. */
export interface ReturnPlace {
  href: string
  name: string
}

/**
 * The place a connect flow started (issue 30), checked once more before it is followed: only the app's own places
 * that offer Connect (`connectReturnPath`); anything else, or nothing, is the dashboard (product.md §2).
 */
export function returnPlace(returnTo: string | null | undefined): ReturnPlace {
  const href = connectReturnPath(returnTo)
  if (href === paths.profile) return { href, name: 'Profile & Accounts' }
  // A tab is the dashboard (the spec's 'Return to Dashboard'), opened on the tab the flow started from.
  return { href: href ?? CONNECT_RETURN_FALLBACK, name: 'Dashboard' }
}

/** After success: the place, with the flag that shows 'Your TikTok account was connected successfully.' there. */
export function connectedHref(place: ReturnPlace): string {
  return `${place.href}${place.href.includes('?') ? '&' : '?'}tiktok_connected=true`
}

/** What the callback page says when TikTok sent the person back with `error` (tiktok-api.md §1.3, §1.7). */
export interface TiktokRefusal {
  heading: string
  /** The spec's 'Authentication error from TikTok' when TikTok refused; null when the person chose Deny. */
  lead: string | null
  message: string
  /** TikTok's own `error_description`, when it adds something. */
  detail: string | null
}

/**
 * Deny is the person's choice, so it is said as such (issue 30) rather than as an "authentication error"; every other
 * code keeps the spec's 'Authentication error from TikTok' and explains it, with TikTok's description under it.
 */
export function tiktokRefusal(error: string, description: string | null): TiktokRefusal {
  if (error === 'access_denied') {
    return { heading: 'TikTok account not connected', lead: null, message: MESSAGES.connectDenied, detail: null }
  }
  const known = Object.hasOwn(TIKTOK_AUTHORIZE_ERRORS, error)
    ? TIKTOK_AUTHORIZE_ERRORS[error as keyof typeof TIKTOK_AUTHORIZE_ERRORS]
    : TIKTOK_AUTHORIZE_ERRORS.other
  return {
    heading: "We couldn't connect your TikTok account",
    lead: MESSAGES.tiktokAuthError,
    message: known,
    detail: description?.trim() || null,
  }
}
