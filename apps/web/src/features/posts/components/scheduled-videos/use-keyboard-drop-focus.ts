import { useRef } from 'react'
import type { DragEndEvent } from '@dnd-kit/core'
import { entryPost } from './calendar-drag'

/** True once for the entry whose drag handle should take focus in its new cell (after a keyboard move). */
export type ClaimFocus = (postId: string, day: string) => boolean

/**
 * A keyboard drop re-creates the entry in its new cell: `followDrop` notes which entry and cell, and that entry's
 * `claimFocus` takes the focus there once, so the keyboard user's focus is not lost.
 */
export function useKeyboardDropFocus(): { claimFocus: ClaimFocus; followDrop: (event: DragEndEvent) => void } {
  const focusRequest = useRef<{ postId: string; day: string } | null>(null)
  const claimFocus: ClaimFocus = (postId, day) => {
    if (focusRequest.current?.postId !== postId || focusRequest.current.day !== day) return false
    focusRequest.current = null
    return true
  }

  function followDrop({ active, over, activatorEvent }: DragEndEvent) {
    const post = entryPost(active.data.current)
    if (post && over && activatorEvent instanceof KeyboardEvent) {
      const request = { postId: post.id, day: String(over.id) }
      focusRequest.current = request
      // Only for the move just made: a post moved out of view must not grab focus when it shows up later.
      window.setTimeout(() => {
        if (focusRequest.current === request) focusRequest.current = null
      }, 2000)
    }
  }

  return { claimFocus, followDrop }
}
