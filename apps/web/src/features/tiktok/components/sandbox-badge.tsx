const SANDBOX_NOTE = 'TikTok sandbox: nothing is posted to the real TikTok'

/** Shown whenever the TikTok sandbox stands in for TikTok (app-info `tiktokSandbox`), so nobody mistakes it for real. */
export function SandboxBadge({ className = 'inline-flex' }: { className?: string }) {
  return (
    <span
      title={`${SANDBOX_NOTE}.`}
      className={`${className} shrink-0 items-center rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900`}
    >
      Sandbox
      <span className="sr-only"> ({SANDBOX_NOTE})</span>
    </span>
  )
}
