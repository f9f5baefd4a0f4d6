import {
  KeyboardCode,
  pointerWithin,
  rectIntersection,
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import type { CalendarPost } from '@hookpost/shared/posts'
import { dayLabel, postDay } from './calendar'

/** What a calendar entry carries while it is dragged. */
export type EntryData = { post: CalendarPost }

export function entryPost(data: unknown): CalendarPost | null {
  return typeof data === 'object' && data !== null && 'post' in data ? (data as EntryData).post : null
}

/**
 * The keyboard moves a picked-up entry from day to day: the arrow keys jump to the nearest day cell in that direction
 * (the next or previous day, or the same weekday a week away), whatever the layout, instead of dnd-kit's default
 * 25-pixel steps.
 */
export const dayToDayCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const directions: string[] = [KeyboardCode.Left, KeyboardCode.Right, KeyboardCode.Up, KeyboardCode.Down]
  if (!directions.includes(event.code)) return undefined
  event.preventDefault()
  const { collisionRect, droppableRects, droppableContainers, over } = context
  if (!collisionRect) return undefined
  const from: ClientRect = (over ? droppableRects.get(over.id) : undefined) ?? collisionRect
  const fromX = from.left + from.width / 2
  const fromY = from.top + from.height / 2
  let best: { rect: ClientRect; distance: number } | null = null
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect || container.id === over?.id) continue
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    const sameRow = Math.abs(y - fromY) < from.height / 2
    const sameColumn = Math.abs(x - fromX) < from.width / 2
    const distance =
      event.code === KeyboardCode.Right && sameRow && x > fromX
        ? x - fromX
        : event.code === KeyboardCode.Left && sameRow && x < fromX
          ? fromX - x
          : event.code === KeyboardCode.Down && sameColumn && y > fromY
            ? y - fromY
            : event.code === KeyboardCode.Up && sameColumn && y < fromY
              ? fromY - y
              : null
    if (distance !== null && (!best || distance < best.distance)) best = { rect, distance }
  }
  if (!best) return currentCoordinates
  // Centre the entry in the target cell, so that cell is the one it overlaps most.
  return {
    x: best.rect.left + (best.rect.width - collisionRect.width) / 2,
    y: best.rect.top + Math.min(24, Math.max(0, (best.rect.height - collisionRect.height) / 2)),
  }
}

/** The pointer's cell when there is a pointer; for the keyboard, the cell the entry overlaps most. */
export const collisionDetection: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : []
  return hits.length > 0 ? hits : rectIntersection(args)
}

export const INSTRUCTIONS =
  'To move a scheduled video to another day, press Space or Enter to pick it up, use the arrow keys to choose the ' +
  'day, and press Space or Enter to drop it there, or Escape to cancel. It keeps its time of day.'

export function announcements(zone: string): Announcements {
  const describe = (data: unknown) => {
    const post = entryPost(data)
    return post ? { title: post.title, day: postDay(post, zone) } : { title: 'The video', day: '' }
  }
  return {
    onDragStart: ({ active }) => {
      const { title, day } = describe(active.data.current)
      return `Picked up ${title}, on ${dayLabel(day)}.`
    },
    onDragOver: ({ active, over }) => {
      const { title } = describe(active.data.current)
      return over ? `${title} is over ${dayLabel(String(over.id))}.` : `${title} is not over a day.`
    },
    onDragEnd: ({ active, over }) => {
      const { title, day } = describe(active.data.current)
      return over && over.id !== day
        ? `${title} was dropped on ${dayLabel(String(over.id))}.`
        : `${title} stays on ${dayLabel(day)}.`
    },
    onDragCancel: ({ active }) => {
      const { title, day } = describe(active.data.current)
      return `Moving ${title} was cancelled. It stays on ${dayLabel(day)}.`
    },
  }
}
