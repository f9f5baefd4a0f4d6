/** Every route path in one place (bulletproof-react's config/paths). */
export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where the link that confirms an email address lands (sign-up, change of address). */
  verifyEmail: '/verify-email',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  hookDemo: '/dashboard/hook-demo',
  /** The spec's "videos library": redirects to the Create tab's list of created videos. */
  videos: '/videos',
  /** Where TikTok (or the sandbox) sends the browser back after authorising; registered as the redirect URI. */
  tiktokCallback: '/auth/tiktok/callback',
  /** Test-only page that creates sandbox creators (product.md §2). */
  dummyAccount: '/dummy-account',
  apiDocs: '/api/docs',
} as const

/** The search parameter naming the slideshow the Create tab's Slideshow mode opens (brings into view). */
export const OPEN_SLIDESHOW_PARAM = 'slideshow'

/**
 * The Create tab's Slideshow mode with one slideshow opened: where its "Export as video" is (the Library links there
 * from a slideshow that is not a video yet).
 */
export function slideshowStudioPath(slideshowId: string): string {
  return `${paths.dashboard}?tab=create&make=slideshow&${OPEN_SLIDESHOW_PARAM}=${encodeURIComponent(slideshowId)}`
}

/** Only same-origin paths are followed after sign-in (no open redirect). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
