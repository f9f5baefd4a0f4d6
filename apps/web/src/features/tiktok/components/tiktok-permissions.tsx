import { TIKTOK_SCOPE_PURPOSES } from '@hookpost/shared/tiktok'

/**
 * What Hookpost asks TikTok for, beside every 'Connect' button (issue 19 item 6): each scope and what it is used for,
 * from the same list the server requests. Folded by default so the buttons stay the first thing seen.
 */
export function TiktokPermissions({ className = '' }: { className?: string }) {
  return (
    <details className={`text-left text-sm text-slate-700 ${className}`}>
      <summary className="cursor-pointer rounded-sm font-medium text-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700">
        What Hookpost asks TikTok for
      </summary>
      <p className="mt-2">TikTok asks you to allow these permissions. Hookpost uses them for:</p>
      <dl className="mt-2 space-y-2">
        {TIKTOK_SCOPE_PURPOSES.map(({ scope, purpose }) => (
          <div key={scope}>
            <dt className="font-mono text-xs font-semibold text-slate-900">{scope}</dt>
            <dd className="text-slate-700">{purpose}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
