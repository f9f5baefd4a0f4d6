import { useEffect, useRef } from 'react'
import type { AccountQueue, QueueMoveDirection } from '@hookpost/shared/queue'

/** The id of a queued post's Move up or Move down button: how the focus finds it again after a move. */
export function moveButtonId(entryId: string, direction: QueueMoveDirection): string {
  return `queue-move-${entryId}-${direction}`
}

/**
 * The moved post's row changes place: keep the focus on its button (or the other one once it reached an end).
 * `follow` notes the move; once it is no longer `moving`, the focus goes to the moved post's button in its new row.
 */
export function useMovedEntryFocus(
  moving: boolean,
  entries: AccountQueue['entries'],
): (entryId: string, direction: QueueMoveDirection) => void {
  const refocus = useRef<{ entryId: string; direction: QueueMoveDirection } | null>(null)

  useEffect(() => {
    if (!refocus.current || moving) return
    const { entryId, direction } = refocus.current
    refocus.current = null
    const other: QueueMoveDirection = direction === 'up' ? 'down' : 'up'
    const target = [direction, other]
      .map((d) => document.getElementById(moveButtonId(entryId, d)))
      .find((el): el is HTMLElement => el instanceof HTMLButtonElement && !el.disabled)
    target?.focus()
  }, [moving, entries])

  return (entryId, direction) => {
    refocus.current = { entryId, direction }
  }
}
