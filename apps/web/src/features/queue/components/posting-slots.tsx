import { useState, type FormEvent } from 'react'
import { QUEUE_LIMITS, sortSlots, WEEKDAY_NAMES, type AccountQueue, type QueueSlot } from '@hookpost/shared/queue'
import { rowDangerButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { MessageBanner } from '../../../components/ui/message-banner'
import { userMessage } from '../../../lib/api-client'
import { dateTimeIn } from '../../../lib/format'
import { useSetQueueSlots } from '../api/set-queue-slots'

const EVERY_DAY = 'every'

/** An account's posting slots (weekday × time in its zone): the list, Remove, and a form to add one or every day's. */
export function PostingSlots({ queue }: { queue: AccountQueue }) {
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
          Next free slots: {queue.nextFreeSlots.map((at) => dateTimeIn(at, queue.timeZone)).join('; ')} (
          {queue.timeZone})
        </p>
      ) : null}
    </div>
  )
}
