import type { RunNowBlocker } from '../utils/run-now'

/** Run Now with saved settings that cannot plan: what is missing and how to fix it, on the page. */
export function RunNowBlockers({ blockers }: { blockers: readonly RunNowBlocker[] }) {
  if (blockers.length === 0) return null
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Run Now uses your saved settings, and they are not ready yet:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {blockers.map((b) => (
          <li key={b.message}>
            <span className="font-medium">{b.message}.</span> {b.fix}
          </li>
        ))}
      </ul>
    </div>
  )
}
