import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { useEffect, useId, useRef, useState } from 'react'
import { rowToRowCoordinates } from '../../utils/overlay-reordering'
import type { DraftSlide } from '../../utils/slideshow-draft'
import { SlideRow } from './slide-row'

type FocusTarget = 'handle' | 'up' | 'down' | 'remove'

const INSTRUCTIONS =
  'To reorder a slide, press Space or Enter to pick it up, use the Up and Down arrow keys to move it, and press ' +
  'Space or Enter to drop it there, or Escape to cancel.'

function announcements(slides: readonly DraftSlide[]): Announcements {
  const position = (id: UniqueIdentifier | undefined) => slides.findIndex((s) => s.key === id) + 1
  return {
    onDragStart: ({ active }) => `Picked up slide ${position(active.id)} of ${slides.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `Slide ${position(active.id)} is over position ${position(over.id)} of ${slides.length}.` : '',
    onDragEnd: ({ active, over }) =>
      over
        ? `Slide dropped at position ${position(over.id)} of ${slides.length}.`
        : `Slide ${position(active.id)} stays.`,
    onDragCancel: ({ active }) => `Moving was cancelled. Slide ${position(active.id)} stays where it was.`,
  }
}

/**
 * The slides in the order TikTok shows them: drag a slide (pointer, or its handle by keyboard), or use Move up and
 * Move down; the new position is announced (aria-live) and the focus stays on the slide moved. The cover is one of
 * the slides' radios.
 */
export function SlideList({
  slides,
  coverKey,
  selectedKey,
  onMove,
  onCover,
  onSelect,
  onRemove,
}: {
  slides: readonly DraftSlide[]
  coverKey: string | null
  selectedKey: string | null
  onMove: (from: number, to: number) => void
  onCover: (key: string) => void
  onSelect: (key: string) => void
  onRemove: (key: string) => void
}) {
  const id = useId()
  const [status, setStatus] = useState('')
  const controls = useRef(new Map<string, HTMLButtonElement>())
  const pendingFocus = useRef<{ key: string; target: FocusTarget } | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: rowToRowCoordinates }),
  )

  // Moving re-creates rows: the keyboard user's focus follows the slide they moved (a disabled button passes it on).
  useEffect(() => {
    const request = pendingFocus.current
    if (!request) return
    pendingFocus.current = null
    const order: FocusTarget[] = [request.target, request.target === 'up' ? 'down' : 'up', 'handle', 'remove']
    for (const target of order) {
      const button = controls.current.get(`${request.key}:${target}`)
      if (button && button.getAttribute('aria-disabled') !== 'true') return button.focus()
    }
  }, [slides])

  const register = (key: string) => (node: HTMLButtonElement | null) => {
    if (node) controls.current.set(key, node)
    else controls.current.delete(key)
  }

  function move(from: number, to: number, focus: FocusTarget | null) {
    const slide = slides[from]
    if (!slide || to < 0 || to >= slides.length || from === to) return
    if (focus) pendingFocus.current = { key: slide.key, target: focus }
    onMove(from, to)
    setStatus(`Moved slide ${from + 1} to position ${to + 1} of ${slides.length}.`)
  }

  function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
    if (!over) return
    const from = slides.findIndex((s) => s.key === active.id)
    const to = slides.findIndex((s) => s.key === over.id)
    if (from === -1 || to === -1) return
    move(from, to, activatorEvent instanceof KeyboardEvent ? 'handle' : null)
  }

  return (
    <div>
      {slides.length === 0 ? (
        <p className="text-sm text-slate-600">No slides yet. Add one above: a still from a video, or an image.</p>
      ) : (
        <>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            TikTok shows the slides in this order. Drag them, or use Move up and Move down; choose the cover with its
            radio button.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements: announcements(slides),
              screenReaderInstructions: { draggable: INSTRUCTIONS },
            }}
          >
            <ol aria-label="Slides" aria-describedby={`${id}-hint`} className="mt-2 space-y-2">
              {slides.map((slide, index) => (
                <SlideRow
                  key={slide.key}
                  slide={slide}
                  index={index}
                  count={slides.length}
                  selected={slide.key === selectedKey}
                  cover={slide.key === coverKey}
                  coverGroup={`${id}-cover`}
                  register={register}
                  onSelect={() => onSelect(slide.key)}
                  onCover={() => {
                    onCover(slide.key)
                    setStatus(`Slide ${index + 1} is the cover.`)
                  }}
                  onMoveUp={() => move(index, index - 1, 'up')}
                  onMoveDown={() => move(index, index + 1, 'down')}
                  onRemove={() => {
                    const neighbour = slides[index + 1] ?? slides[index - 1]
                    if (neighbour) pendingFocus.current = { key: neighbour.key, target: 'remove' }
                    onRemove(slide.key)
                    setStatus(`Removed slide ${index + 1}.`)
                  }}
                />
              ))}
            </ol>
          </DndContext>
        </>
      )}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </div>
  )
}
