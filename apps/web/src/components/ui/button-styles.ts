const base =
  'inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold shadow-sm ' +
  'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2'

/** A quieter button next to the primary one (the primary is `buttonClass` from components/ui/form). */
export const secondaryButtonClass = `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-fuchsia-700`

export const dangerButtonClass = `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`

const row =
  'inline-flex items-center justify-center rounded-md border bg-white px-2.5 py-1.5 text-sm font-medium ' +
  'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2'

/** Small row actions in the account list. */
export const rowButtonClass = `${row} border-slate-300 text-slate-800 hover:bg-slate-50 focus-visible:outline-fuchsia-700`

export const rowDangerButtonClass = `${row} border-red-200 text-red-800 hover:bg-red-50 focus-visible:outline-red-700`
