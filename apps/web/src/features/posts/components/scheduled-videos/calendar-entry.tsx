import { useDraggable, type DraggableSyntheticListeners } from '@dnd-kit/core'
import {
  useEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react'
import type { CalendarPost } from '@hookpost/shared/posts'
import { useAccountColors } from './account-colors-context'
import { AccountName } from './account-name'
import type { EntryData } from './calendar-drag'
import { EntryOpenButton } from './entry-open-button'
import { PostProblem } from './post-problem'
import { PostProgressBar } from './post-progress'
import { PostThumbnail } from './post-thumbnail'
import { InboxNote } from './format-badge'
import type { ClaimFocus } from './use-keyboard-drop-focus'

/** dnd-kit types its listeners as plain `Function`s; these are React event handlers. */
function handler<E>(listeners: DraggableSyntheticListeners, name: 'onPointerDown' | 'onKeyDown') {
  return listeners?.[name] as ((event: E) => void) | undefined
}

/** How the post just scheduled stands out (ADR 042): a ring and a tint, on the entry's own box only. */
export const HIGHLIGHT_CLASS =
  'data-[highlighted]:bg-amber-50 data-[highlighted]:ring-2 data-[highlighted]:ring-amber-500 data-[highlighted]:ring-offset-1'

/** A post in its day's cell: opens its details; a scheduled or draft one has a handle to drag it to another day. */
export function CalendarEntry({
  post,
  day,
  zone,
  onOpen,
  claimFocus,
  highlighted = false,
}: {
  post: CalendarPost
  /** The cell it is in. */
  day: string
  zone: string
  onOpen: (post: CalendarPost) => void
  claimFocus: ClaimFocus
  /** The post just scheduled (ADR 042): marked until the Schedule tab's banner goes. */
  highlighted?: boolean
}) {
  const colorOf = useAccountColors()
  const movable = post.state === 'scheduled' || post.state === 'draft'
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post } satisfies EntryData,
    disabled: !movable,
  })
  // aria-pressed would make the handle read as a toggle button; the role description already says "draggable".
  const { 'aria-pressed': _pressed, ...handleAttributes } = attributes
  const handleRef = useRef<HTMLButtonElement | null>(null)
  // Moving re-creates the entry in its new cell: the keyboard user's focus follows it there instead of being lost.
  useEffect(() => {
    if (handleRef.current && claimFocus(post.id, day)) handleRef.current.focus()
  })
  return (
    <li
      ref={setNodeRef}
      onPointerDown={movable ? handler<ReactPointerEvent<HTMLLIElement>>(listeners, 'onPointerDown') : undefined}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      data-highlighted={highlighted || undefined}
      className={`relative rounded border border-l-4 border-slate-200 bg-white p-1 text-xs shadow-sm ${colorOf(post.accountId).stripe} ${
        isDragging ? 'z-10 opacity-90 shadow-lg ring-2 ring-fuchsia-500' : ''
      } ${movable ? 'cursor-grab' : ''} ${HIGHLIGHT_CLASS}`}
    >
      <div className="flex items-start gap-1">
        {movable ? (
          <button
            ref={(node) => {
              setActivatorNodeRef(node)
              handleRef.current = node
            }}
            type="button"
            {...handleAttributes}
            onKeyDown={handler<ReactKeyboardEvent<HTMLButtonElement>>(listeners, 'onKeyDown')}
            aria-label={`Drag ${post.title} to another day`}
            className="shrink-0 touch-none rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
              <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
            </svg>
          </button>
        ) : null}
        <PostThumbnail post={post} size="small" />
        <EntryOpenButton post={post} zone={zone} compact onOpen={onOpen} />
      </div>
      <AccountName post={post} className="mt-0.5" />
      <InboxNote state={post.state} className="mt-0.5" />
      <PostProblem post={post} className="mt-0.5 line-clamp-3" />
      <PostProgressBar postId={post.id} title={post.title} />
    </li>
  )
}
