import { z } from 'zod'

/**
 * The List view's place (`GET /api/posts/list`): the position of the last post a page ended on, in the order of the
 * list — upcoming posts (time ≥ the pivot) soonest first, then past ones latest first. The pivot is the moment the
 * first page was read, carried from page to page, so a post whose time passes while someone pages does not jump from
 * one part of the list to the other. Keyset, not offset: a post moved or deleted between pages (even the one the
 * cursor names) does not shift what the next page holds.
 *
 * Opaque to the client (base64url JSON); anything that is not one of ours is refused, never guessed at.
 */
export type PostsSegment = 'upcoming' | 'past'
export interface PostsCursor {
  pivot: Date
  segment: PostsSegment
  scheduledAt: Date
  id: string
}

const encoded = z.object({
  v: z.literal(1),
  p: z.iso.datetime(),
  s: z.enum(['u', 'p']),
  t: z.iso.datetime(),
  i: z.uuid(),
})

export function encodePostsCursor(cursor: PostsCursor): string {
  const value: z.infer<typeof encoded> = {
    v: 1,
    p: cursor.pivot.toISOString(),
    s: cursor.segment === 'upcoming' ? 'u' : 'p',
    t: cursor.scheduledAt.toISOString(),
    i: cursor.id,
  }
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** The cursor, or null when it is not one this server wrote (or its parts contradict each other). */
export function decodePostsCursor(text: string): PostsCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const parsed = encoded.safeParse(json)
  if (!parsed.success) return null
  const { p, s, t, i } = parsed.data
  const cursor: PostsCursor = {
    pivot: new Date(p),
    segment: s === 'u' ? 'upcoming' : 'past',
    scheduledAt: new Date(t),
    id: i.toLowerCase(),
  }
  // An upcoming post's time is at or after the pivot, a past one's before it.
  const upcoming = cursor.scheduledAt.getTime() >= cursor.pivot.getTime()
  if (upcoming !== (cursor.segment === 'upcoming')) return null
  return cursor
}
