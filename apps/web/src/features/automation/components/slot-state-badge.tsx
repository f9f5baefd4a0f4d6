import type { AutomationSlotState } from '@hookpost/shared/automation'

const BADGES: Record<AutomationSlotState, { label: string; className: string }> = {
  preparing: { label: 'Preparing', className: 'border-yellow-300 bg-yellow-100 text-yellow-900' },
  rendering: { label: 'Rendering', className: 'border-blue-200 bg-blue-100 text-blue-800' },
  draft: { label: 'Awaiting approval', className: 'border-sky-300 bg-sky-50 text-sky-900' },
  scheduled: { label: 'Scheduled', className: 'border-purple-200 bg-purple-100 text-purple-800' },
  inbox: { label: 'In TikTok inbox', className: 'border-teal-300 bg-teal-50 text-teal-900' },
  posted: { label: 'Posted', className: 'border-green-200 bg-green-100 text-green-800' },
  failed: { label: 'Failed', className: 'border-red-200 bg-red-100 text-red-800' },
  skipped: { label: 'Skipped', className: 'border-yellow-300 bg-yellow-100 text-yellow-900' },
  rejected: { label: 'Rejected', className: 'border-slate-300 bg-slate-100 text-slate-800' },
  cancelled: { label: 'Cancelled', className: 'border-slate-300 bg-slate-100 text-slate-700' },
}

export function slotStateLabel(state: AutomationSlotState): string {
  return BADGES[state].label
}

/** How far one planned post got, in words (the colour only repeats them; product.md §4 badge colours where they apply). */
export function SlotStateBadge({ state }: { state: AutomationSlotState }) {
  const badge = BADGES[state]
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full border px-1.5 py-px text-xs font-medium whitespace-nowrap ${badge.className}`}
    >
      {badge.label}
    </span>
  )
}
