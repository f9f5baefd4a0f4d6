import { useState } from 'react'
import type { AccountQueue, QueueMoveDirection } from '@hookpost/shared/queue'
import { dateTimeWithZone } from '../../../lib/format'
import { rowButtonClass } from '../../../components/ui/button-styles'
import { MessageBanner } from '../../../components/ui/message-banner'
import { userMessage } from '../../../lib/api-client'
import { useMoveQueueEntry } from '../api/move-queue-entry'
import { moveButtonId, useMovedEntryFocus } from '../hooks/use-moved-entry-focus'

/** The account's queued posts in order, with Move up / Move down (a move swaps the two posts' times). */
export function QueuedPosts({ queue }: { queue: AccountQueue }) {
  const move = useMoveQueueEntry()
  const [error, setError] = useState<string | null>(null)
  const entries = queue.entries
  const follow = useMovedEntryFocus(move.isPending, entries)

  function onMove(entryId: string, direction: QueueMoveDirection) {
    setError(null)
    follow(entryId, direction)
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
                    ? dateTimeWithZone(entry.scheduledAt, queue.timeZone)
                    : 'Held: gets the next free slot when the queue is resumed'}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  id={moveButtonId(entry.id, 'up')}
                  className={rowButtonClass}
                  aria-label={`Move ${entry.title} up`}
                  disabled={index === 0 || move.isPending}
                  onClick={() => onMove(entry.id, 'up')}
                >
                  Move up
                </button>
                <button
                  type="button"
                  id={moveButtonId(entry.id, 'down')}
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
