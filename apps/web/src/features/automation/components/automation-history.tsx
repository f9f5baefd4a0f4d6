import { useId } from 'react'
import { AUTOMATION_TRIGGER_LABELS, type AutomationRun, type AutomationSlot } from '@hookpost/shared/automation'
import { dateTimeIn } from '../../../lib/format'
import { SlotStateBadge } from './slot-state-badge'

/**
 * The automation's History: its runs newest first (when, why, what it planned) and how each planned post is doing.
 * It follows the server live: the panel refetches the overview on `automation.updated`.
 */
export function AutomationHistory({ runs, timeZone }: { runs: readonly AutomationRun[]; timeZone: string }) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        History
      </h2>
      {runs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No runs yet. Turn automation on and save, or press Run Now, and what it plans shows here.
        </p>
      ) : (
        <ol aria-label="Automation runs" className="mt-3 space-y-4">
          {runs.map((run) => (
            <RunItem key={run.id} run={run} timeZone={timeZone} />
          ))}
        </ol>
      )}
    </section>
  )
}

function RunItem({ run, timeZone }: { run: AutomationRun; timeZone: string }) {
  const id = useId()
  return (
    <li aria-labelledby={`${id}-title`} className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {AUTOMATION_TRIGGER_LABELS[run.trigger]}
        </h3>
        <p className="text-xs text-slate-600">
          <time dateTime={run.startedAt}>{dateTimeIn(run.startedAt, timeZone)}</time> ({timeZone})
        </p>
      </div>
      <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">{run.summary}</p>
      {run.slots.length > 0 ? (
        <ul aria-label="Planned posts" className="mt-2 divide-y divide-slate-100">
          {run.slots.map((slot) => (
            <SlotItem key={slot.id} slot={slot} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function SlotItem({ slot }: { slot: AutomationSlot }) {
  return (
    <li className="py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <time dateTime={slot.scheduledAt} className="font-medium text-slate-900">
          {dateTimeIn(slot.scheduledAt, slot.timeZone)}
        </time>
        <span className="text-xs text-slate-500">({slot.timeZone})</span>
        <SlotStateBadge state={slot.state} />
      </div>
      <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-700">
        <span className="text-slate-500">Video: </span>
        {slot.sourceTitle}
      </p>
      {slot.hookText ? (
        <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-900">
          <span className="text-slate-500">Hook: </span>“{slot.hookText}”
        </p>
      ) : null}
      {slot.state === 'failed' && slot.errorMessage ? (
        <p className="mt-0.5 [overflow-wrap:anywhere] text-red-700">Error: {slot.errorMessage}</p>
      ) : null}
    </li>
  )
}
