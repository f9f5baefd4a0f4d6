import { Link } from 'react-router'

export function Logo({ to, label = 'Hookpost home' }: { to: string; label?: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" fill="#c026d3" />
        <path
          d="M10 8v16M10 16h8a4 4 0 0 0 0-8h-2M22 16v8"
          stroke="#fff"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>Hookpost</span>
    </Link>
  )
}
