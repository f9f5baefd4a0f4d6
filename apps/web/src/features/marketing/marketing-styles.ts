/** Shared Tailwind class strings for the public marketing pages. */

export const containerClass = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8'

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2'

const buttonBase =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 text-center text-base font-semibold transition-colors'

/** Solid violet button (white text on violet-700: ~7:1 contrast). For light backgrounds. */
export const primaryButtonClass = `${buttonBase} bg-violet-700 text-white shadow-sm hover:bg-violet-800 ${focusRing} focus-visible:outline-violet-700`

/** Outlined neutral button. For light backgrounds. */
export const secondaryButtonClass = `${buttonBase} border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-400 hover:bg-slate-50 ${focusRing} focus-visible:outline-violet-700`

/** White button with violet text. For dark/violet backgrounds. */
export const invertedPrimaryButtonClass = `${buttonBase} bg-white text-violet-800 shadow-sm hover:bg-violet-50 ${focusRing} focus-visible:outline-white`

/** Outlined white button. For dark/violet backgrounds. */
export const invertedSecondaryButtonClass = `${buttonBase} border border-white/70 text-white hover:bg-white/10 ${focusRing} focus-visible:outline-white`

/** Inline text link inside body copy. */
export const textLinkClass = `rounded-sm font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900 ${focusRing} focus-visible:outline-violet-700`
