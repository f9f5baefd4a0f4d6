import type { ReactNode } from 'react'

/**
 * The figures behind a chart, as a real table under a 'Show as table' disclosure: the chart itself is hidden from
 * screen readers, which reach the same numbers here (and so do tests).
 */
export function FiguresTable({
  caption,
  summary = 'Show as table',
  children,
}: {
  caption: string
  summary?: string
  /** The table's `<thead>` and `<tbody>`. */
  children: ReactNode
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded-sm font-medium text-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700">
        {summary}
      </summary>
      <div className="relative mt-2 max-h-96 overflow-auto rounded-md border border-slate-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  )
}

/**
 * A wide table's own sideways scroller (a phone): a named region that takes focus, so the arrow keys scroll it, and
 * the page itself never grows wider than the screen.
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-fuchsia-700 ${className}`}
    >
      {children}
    </div>
  )
}

export const thClass = 'sticky top-0 bg-slate-50 px-3 py-2 font-medium whitespace-nowrap text-slate-700'
export const tdClass = 'px-3 py-1.5 whitespace-nowrap text-slate-800 tabular-nums'
