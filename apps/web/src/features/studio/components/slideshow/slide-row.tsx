import { useDraggable, useDroppable } from '@dnd-kit/core'
import { rowButtonClass, rowDangerButtonClass } from '../../../../components/ui/button-styles'
import type { DraftSlide } from '../../utils/slideshow-draft'
import { SlideBackgroundView } from './slide-background'

/**
 * One slide in the slideshow's list: its drag handle, thumbnail, number and first words, whether it is the cover (a
 * radio of the list's cover group), and Edit, Move up, Move down and Remove, each named with the slide's number.
 */
export function SlideRow({
  slide,
  index,
  count,
  selected,
  cover,
  coverGroup,
  register,
  onSelect,
  onCover,
  onMoveUp,
  onMoveDown,
  onRemove,
}: {
  slide: DraftSlide
  index: number
  count: number
  selected: boolean
  cover: boolean
  /** The cover radios' group name. */
  coverGroup: string
  register: (key: string) => (node: HTMLButtonElement | null) => void
  onSelect: () => void
  onCover: () => void
  onMoveUp: () => void
  onMoveDown: () => void
  onRemove: () => void
}) {
  const drag = useDraggable({ id: slide.key })
  const drop = useDroppable({ id: slide.key })
  const { 'aria-pressed': _pressed, ...handleAttributes } = drag.attributes
  const handleRef = register(`${slide.key}:handle`)
  const n = index + 1
  const words = slide.overlays[0]?.text
  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node)
        drop.setNodeRef(node)
      }}
      style={drag.transform ? { transform: `translate3d(0, ${drag.transform.y}px, 0)` } : undefined}
      className={`relative flex flex-wrap items-center gap-2 rounded-md border bg-white p-2 ${
        drag.isDragging ? 'z-10 border-fuchsia-500 shadow-lg ring-2 ring-fuchsia-500' : ''
      } ${selected ? 'border-fuchsia-700' : 'border-slate-200'} ${drop.isOver && !drag.isDragging ? 'bg-fuchsia-50' : ''}`}
    >
      <button
        ref={(node) => {
          drag.setActivatorNodeRef(node)
          handleRef(node)
        }}
        type="button"
        {...handleAttributes}
        {...drag.listeners}
        aria-label={`Drag slide ${n} to reorder`}
        className="shrink-0 cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
        </svg>
      </button>
      <div className="relative h-16 w-9 shrink-0 overflow-hidden rounded bg-slate-200">
        <SlideBackgroundView background={slide.background} className="h-full w-full" />
      </div>
      <div className="min-w-0 flex-1 basis-32">
        <p className="text-sm font-medium text-slate-900">
          Slide {n}
          {cover ? <span className="ml-2 rounded bg-fuchsia-100 px-1.5 text-xs text-fuchsia-900">Cover</span> : null}
        </p>
        <p className="truncate text-xs text-slate-600">{words ?? `${slide.name}, no text yet`}</p>
      </div>
      <label className="inline-flex items-center gap-1 text-sm text-slate-800">
        <input
          type="radio"
          name={coverGroup}
          checked={cover}
          onChange={onCover}
          aria-label={`Slide ${n} is the cover`}
          className="h-4 w-4 accent-fuchsia-700"
        />
        Cover
      </label>
      <div className="flex flex-wrap gap-1.5">
        <button
          type="button"
          className={rowButtonClass}
          aria-pressed={selected}
          aria-label={`Edit slide ${n}`}
          onClick={onSelect}
        >
          Edit
        </button>
        <button
          ref={register(`${slide.key}:up`)}
          type="button"
          className={`${rowButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          aria-label={`Move slide ${n} up`}
          aria-disabled={index === 0 ? true : undefined}
          onClick={index === 0 ? undefined : onMoveUp}
        >
          Move up
        </button>
        <button
          ref={register(`${slide.key}:down`)}
          type="button"
          className={`${rowButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          aria-label={`Move slide ${n} down`}
          aria-disabled={index === count - 1 ? true : undefined}
          onClick={index === count - 1 ? undefined : onMoveDown}
        >
          Move down
        </button>
        <button
          ref={register(`${slide.key}:remove`)}
          type="button"
          className={rowDangerButtonClass}
          aria-label={`Remove slide ${n}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </li>
  )
}
