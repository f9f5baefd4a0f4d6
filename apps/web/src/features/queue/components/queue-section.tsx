import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { Field } from '../../../components/ui/field'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import { userMessage } from '../../../lib/api-client'
import { useRememberedChoice } from '../../../lib/use-remembered-choice'
import { useQueues } from '../api/get-queues'
import { AccountQueuePanel } from './account-queue-panel'

/**
 * The Queue (issue 21 item 2): per account, posting slots (weekday × time in the account's zone), its queued posts in
 * order with Move up / Move down (they swap times), and Pause / Resume. "Add to queue" is in the Schedule form.
 */
export function QueueSection() {
  const queues = useQueues()
  const [chosen, setChosen] = useRememberedChoice('queueAccount', '')
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
