import type { ReactNode } from 'react'

/** A 24 px outline icon in the marketing pages' style; `children` are its paths. Decorative: hidden from readers. */
export function OutlineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-6 w-6"
    >
      {children}
    </svg>
  )
}

export function CheckIcon({ className = 'mt-0.5 h-5 w-5 shrink-0 text-fuchsia-700' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
        clipRule="evenodd"
      />
    </svg>
  )
}

/** A bullet list with a check mark before each item (feature points, plan limits). */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 break-words text-slate-700">
          <CheckIcon />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  )
}
