import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  describeSlotInstant,
  QUEUE_LIMITS,
  sortSlots,
  WEEKDAY_NAMES,
  type AccountQueue,
  type QueueMoveDirection,
  type QueueSlot,
} from '@hookpost/shared/queue'
import { buttonClass } from '../../../components/ui/form'
import { rowButtonClass, rowDangerButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { userMessage } from '../../../lib/api-client'
import { useQueues } from '../api/get-queues'
import { useMoveQueueEntry } from '../api/move-queue-entry'
import { usePauseQueue } from '../api/pause-queue'
import { useResumeQueue } from '../api/resume-queue'
import { useSetQueueSlots } from '../api/set-queue-slots'

/** Said on the screen and in ADR 029: what pausing does. */
export const PAUSED_EXPLANATION =
  'Paused: nothing from this queue is posted. Its posts are held, without a time, and get the next free slots when you resume it.'

const EVERY_DAY = 'every'

function zoneNote(queue: AccountQueue): string {
  switch (queue.timeZoneSource) {
    case 'account':
      return `Times are in ${queue.timeZone}, this account's time zone.`
    case 'profile':
      return `Times are in ${queue.timeZone}, your time zone (Profile & Accounts).`
    case 'default':
      return `Times are in ${queue.timeZone}. Choose a time zone for the account under Profile & Accounts.`
  }
}

/**
 * The Queue (issue 21 item 2): per account, posting slots (weekday × time in the account's zone), its queued posts in
 * order with Move up / Move down (they swap times), and Pause / Resume. "Add to queue" is in the Schedule form.
 */
export function QueueSection() {
  const queues = useQueues()
  const [chosen, setChosen] = useState('')
  const all = queues.data ?? []
  const queue = all.find((q) => q.accountId === chosen) ?? all[0]

  return (
    <section aria-labelledby="queue-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="queue-heading" className="text-lg font-semibold text-slate-900">
        Queue
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose when each account posts. &quot;Add to queue&quot; in the form schedules a video at the account&apos;s
        next free slot.
      </p>
      {queues.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the queue..." />
        </div>
      ) : queues.isError ? (
        <div className="mt-4 space-y-2">
          <MessageBanner tone="error">{userMessage(queues.error)}</MessageBanner>
          <button type="button" className={secondaryButtonClass} onClick={() => void queues.refetch()}>
            Try again
          </button>
        </div>
      ) : !queue ? (
        <p className="mt-4 text-sm text-slate-700">Connect a TikTok account to give it a queue.</p>
      ) : (
        <div className="mt-4 space-y-6">
          {all.length > 1 ? (
            <Field
              label="Account"
              error={undefined}
              render={(props) => (
                <select {...props} value={queue.accountId} onChange={(e) => setChosen(e.target.value)}>
                  {all.map((q) => (
                    <option key={q.accountId} value={q.accountId}>
                      {q.accountName} (@{q.accountUsername})
                    </option>
                  ))}
                </select>
              )}
            />
          ) : (
            <p className="text-sm text-slate-800">
              Account: <strong>{queue.accountName}</strong> (@{queue.accountUsername})
            </p>
          )}
          <AccountQueuePanel key={queue.accountId} queue={queue} />
        </div>
      )}
    </section>
  )
}

function AccountQueuePanel({ queue }: { queue: AccountQueue }) {
  const pause = usePauseQueue()
  const resume = useResumeQueue()
  const [pauseError, setPauseError] = useState<string | null>(null)
  const busy = pause.isPending || resume.isPending

  function toggle() {
    setPauseError(null)
    const onError = (error: unknown) => setPauseError(userMessage(error))
    if (queue.paused) resume.mutate(queue.accountId, { onError })
    else pause.mutate(queue.accountId, { onError })
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{zoneNote(queue)}</p>
        {queue.paused ? (
          <MessageBanner tone="info">{PAUSED_EXPLANATION}</MessageBanner>
        ) : (
          <p className="text-sm text-slate-700">Running: queued posts go out at their times.</p>
        )}
        <button
          type="button"
          className={queue.paused ? buttonClass : secondaryButtonClass}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={toggle}
        >
          {queue.paused
            ? resume.isPending
              ? 'Resuming...'
              : 'Resume queue'
            : pause.isPending
              ? 'Pausing...'
              : 'Pause queue'}
        </button>
        {pauseError ? <MessageBanner tone="error">{pauseError}</MessageBanner> : null}
      </div>
      <SlotsEditor queue={queue} />
      <QueuedPosts queue={queue} />
    </div>
  )
}

function SlotsEditor({ queue }: { queue: AccountQueue }) {
  const save = useSetQueueSlots()
  const [day, setDay] = useState('1')
  const [time, setTime] = useState('09:00')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const slots = sortSlots(queue.slots)

  function send(next: QueueSlot[], done: string) {
    setError(null)
    setSaved(null)
    save.mutate(
      { accountId: queue.accountId, slots: next },
      { onSuccess: () => setSaved(done), onError: (e) => setError(userMessage(e)) },
    )
  }

  function onAdd(event: FormEvent) {
    event.preventDefault()
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return setError('Please choose a time')
    const days = day === EVERY_DAY ? [0, 1, 2, 3, 4, 5, 6] : [Number(day)]
    const fresh = days
      .map((weekday) => ({ weekday, time }))
      .filter((s) => !slots.some((o) => o.weekday === s.weekday && o.time === s.time))
    if (fresh.length === 0) {
      const name = day === EVERY_DAY ? 'Every day' : WEEKDAY_NAMES[Number(day)]
      return setError(`${name} at ${time} is already a slot.`)
    }
    if (slots.length + fresh.length > QUEUE_LIMITS.slotsPerAccount) {
      return setError(`An account can have at most ${QUEUE_LIMITS.slotsPerAccount} posting slots.`)
    }
    send([...slots, ...fresh], fresh.length === 1 ? 'Slot added' : `${fresh.length} slots added`)
  }

  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Posting slots</h3>
      {slots.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          No posting slots yet. Add slots below, then use &quot;Add to queue&quot; in the Schedule form.
        </p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Posting slots">
          {slots.map((slot) => {
            const name = `${WEEKDAY_NAMES[slot.weekday]} ${slot.time}`
            return (
              <li
                key={`${slot.weekday}-${slot.time}`}
                className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 text-sm"
              >
                <span>{name}</span>
                <button
                  type="button"
                  className={rowDangerButtonClass}
                  aria-label={`Remove ${name}`}
                  disabled={save.isPending}
                  onClick={() =>
                    send(
                      slots.filter((s) => s !== slot),
                      'Slot removed',
                    )
                  }
                >
                  Remove
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <form
        noValidate
        onSubmit={onAdd}
        aria-label="Add a posting slot"
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="sm:w-48">
          <Field
            label="Day"
            error={undefined}
            render={(props) => (
              <select {...props} value={day} onChange={(e) => setDay(e.target.value)}>
                {WEEKDAY_NAMES.map((name, weekday) => (
                  <option key={name} value={String(weekday)}>
                    {name}
                  </option>
                ))}
                <option value={EVERY_DAY}>Every day</option>
              </select>
            )}
          />
        </div>
        <div className="sm:w-40">
          <Field
            label="Time"
            error={undefined}
            hint={queue.timeZone}
            render={(props) => <input {...props} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
          />
        </div>
        <button type="submit" className={`${secondaryButtonClass} sm:mt-6`} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Add slot'}
        </button>
      </form>
      {error ? <MessageBanner tone="error">{error}</MessageBanner> : null}
      {saved ? (
        <MessageBanner tone="success" onDismiss={() => setSaved(null)}>
          {saved}
        </MessageBanner>
      ) : null}
      {queue.nextFreeSlots.length > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Next free slots:{' '}
          {queue.nextFreeSlots.map((at) => describeSlotInstant(new Date(at), queue.timeZone)).join(', ')}
        </p>
      ) : null}
    </div>
  )
}

function QueuedPosts({ queue }: { queue: AccountQueue }) {
  const move = useMoveQueueEntry()
  const [error, setError] = useState<string | null>(null)
  const refocus = useRef<{ entryId: string; direction: QueueMoveDirection } | null>(null)
  const entries = queue.entries

  // The moved post's row changes place: keep the focus on its button (or the other one once it reached an end).
  useEffect(() => {
    if (!refocus.current || move.isPending) return
    const { entryId, direction } = refocus.current
    refocus.current = null
    const other: QueueMoveDirection = direction === 'up' ? 'down' : 'up'
    const target = [direction, other]
      .map((d) => document.getElementById(`queue-move-${entryId}-${d}`))
      .find((el): el is HTMLElement => el instanceof HTMLButtonElement && !el.disabled)
    target?.focus()
  }, [move.isPending, entries])

  function onMove(entryId: string, direction: QueueMoveDirection) {
    setError(null)
    refocus.current = { entryId, direction }
    move.mutate({ accountId: queue.accountId, entryId, direction }, { onError: (e) => setError(userMessage(e)) })
  }

  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Queued posts</h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          Nothing in the queue. &quot;Add to queue&quot; in the Schedule form puts a video here.
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Queued posts">
          {entries.map((entry, index) => (
            <li key={entry.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere] text-slate-900">
                  <span className="sr-only">{index + 1}. </span>
                  {entry.title}
                </p>
                <p className="text-sm text-slate-700">
                  {entry.scheduledAt
                    ? `${describeSlotInstant(new Date(entry.scheduledAt), queue.timeZone)} (${queue.timeZone})`
                    : 'Held: gets the next free slot when the queue is resumed'}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  id={`queue-move-${entry.id}-up`}
                  className={rowButtonClass}
                  aria-label={`Move ${entry.title} up`}
                  disabled={index === 0 || move.isPending}
                  onClick={() => onMove(entry.id, 'up')}
                >
                  Move up
                </button>
                <button
                  type="button"
                  id={`queue-move-${entry.id}-down`}
                  className={rowButtonClass}
                  aria-label={`Move ${entry.title} down`}
                  disabled={index === entries.length - 1 || move.isPending}
                  onClick={() => onMove(entry.id, 'down')}
                >
                  Move down
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {error ? (
        <div className="mt-2">
          <MessageBanner tone="error">{error}</MessageBanner>
        </div>
      ) : null}
    </div>
  )
}
