import { useId } from 'react'
import {
  AUTOMATION_MESSAGES,
  AUTOMATION_TRIGGER_LABELS,
  type AutomationRun,
  type AutomationSlot,
} from '@hookpost/shared/automation'
import { MESSAGES } from '@hookpost/shared/messages'
import { rowButtonClass } from '../../../components/ui/button-styles'
import { dateTimeIn } from '../../../lib/format'
import { SlotStateBadge } from './slot-state-badge'

/**
 * The automation's History: its runs newest first (when, why, what it planned) and how each planned post is doing.
 * It follows the server live: the panel refetches the overview on `automation.updated`.
 */
export function AutomationHistory({
  runs,
  timeZone,
  onEditPost,
}: {
  runs: readonly AutomationRun[]
  timeZone: string
  /** Opens the planned post's editor (review with its video, edit, approve, reject). */
  onEditPost: (slot: AutomationSlot) => void
}) {
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
            <RunItem key={run.id} run={run} timeZone={timeZone} onEditPost={onEditPost} />
          ))}
        </ol>
      )}
    </section>
  )
}

function RunItem({
  run,
  timeZone,
  onEditPost,
}: {
  run: AutomationRun
  timeZone: string
  onEditPost: (slot: AutomationSlot) => void
}) {
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
            <SlotItem key={slot.id} slot={slot} onEditPost={onEditPost} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** Planned posts whose post has not started to go out: they can be reviewed and edited. */
const EDITABLE_SLOT_STATES: readonly AutomationSlot['state'][] = ['draft', 'scheduled', 'skipped']

function SlotItem({ slot, onEditPost }: { slot: AutomationSlot; onEditPost: (slot: AutomationSlot) => void }) {
  const id = useId()
  const editable = slot.postId !== null && EDITABLE_SLOT_STATES.includes(slot.state)
  const action = slot.state === 'draft' ? 'Review' : 'Edit'
  return (
    <li className="py-2 text-sm" aria-labelledby={`${id}-when`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <time id={`${id}-when`} dateTime={slot.scheduledAt} className="font-medium text-slate-900">
          {dateTimeIn(slot.scheduledAt, slot.timeZone)}
        </time>
        <span className="text-xs text-slate-500">({slot.timeZone})</span>
        <SlotStateBadge state={slot.state} />
        {editable && slot.postId ? (
          <button
            type="button"
            className={`${rowButtonClass} ml-auto`}
            aria-haspopup="dialog"
            aria-label={`${action} the post of ${dateTimeIn(slot.scheduledAt, slot.timeZone)}`}
            onClick={() => onEditPost(slot)}
          >
            {action}
          </button>
        ) : null}
      </div>
      {slot.state === 'draft' ? <p className="mt-0.5 text-sky-900">{AUTOMATION_MESSAGES.awaitingApproval}</p> : null}
      {slot.state === 'inbox' ? <p className="mt-0.5 text-teal-900">{MESSAGES.sentToInbox}</p> : null}
      <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-700">
        <span className="text-slate-500">{slot.format === 'slideshow' ? 'Slideshow: ' : 'Video: '}</span>
        {slot.sourceTitle}
        {slot.sendAsDraft ? <span className="text-slate-500"> · sent as a draft to the TikTok inbox</span> : null}
      </p>
      {slot.hookText ? (
        <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-900">
          <span className="text-slate-500">Hook: </span>“{slot.hookText}”
        </p>
      ) : null}
      {slot.hookText ? (
        <div className="mt-0.5 [overflow-wrap:anywhere] text-slate-900">
          <span className="text-slate-500">Caption: </span>
          <span className="font-medium">{slot.title}</span>
          {slot.description ? <p className="line-clamp-4 whitespace-pre-line">{slot.description}</p> : null}
        </div>
      ) : null}
      {slot.hookReason ? (
        <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-700">
          <span className="text-slate-500">Why this hook: </span>
          {slot.hookReason}
        </p>
      ) : null}
      {slot.timeReason ? (
        <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-700">
          <span className="text-slate-500">Why this time: </span>
          {slot.timeReason}
        </p>
      ) : null}
      {(slot.state === 'failed' || slot.state === 'skipped' || slot.state === 'rejected') && slot.errorMessage ? (
        <p
          className={`mt-0.5 [overflow-wrap:anywhere] ${slot.state === 'failed' ? 'text-red-700' : 'text-yellow-900'}`}
        >
          {slot.state === 'failed' ? 'Error: ' : ''}
          {slot.errorMessage}
        </p>
      ) : null}
    </li>
  )
}
