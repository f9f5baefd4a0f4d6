import { useState } from 'react'

export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
  return letters.toUpperCase() || '?'
}

/** The account's picture; its initials when it has none or the picture does not load. Decorative: the name is beside it. */
export function AccountAvatar({ name, url }: { name: string; url: string | null }) {
  const [failed, setFailed] = useState(false)
  const size = 'h-10 w-10 shrink-0 rounded-full'
  if (url && !failed) {
    return (
      <img
        src={url}
        alt=""
        width={40}
        height={40}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${size} bg-slate-100 object-cover`}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex items-center justify-center bg-fuchsia-100 text-sm font-semibold text-fuchsia-800`}
    >
      {initials(name)}
    </span>
  )
}
