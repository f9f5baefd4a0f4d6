import { useState } from 'react'
import type { CalendarPost } from '@hookpost/shared/posts'

type Shown = Pick<CalendarPost, 'title' | 'thumbnailUrl' | 'format'>

const sizes = {
  /** Beside the caption in a calendar entry, an agenda row or a List row. */
  small: 'h-12 w-[1.6875rem]',
  /** The details dialog. */
  large: 'h-40 w-[5.625rem]',
} as const

/** The name a post's picture is read by (product.md §4): what it is and which post. */
export function thumbnailAlt(post: Pick<CalendarPost, 'title'>): string {
  return `Thumbnail of “${post.title}”`
}

/**
 * A post's picture at 9:16 (issue 30, ADR 047): its video's frame or its slideshow's cover. A post with no picture,
 * or one that does not load, keeps the same place with a plain tile, so entries line up.
 */
export function PostThumbnail({ post, size }: { post: Shown; size: keyof typeof sizes }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const frame = `${sizes[size]} shrink-0 overflow-hidden rounded bg-slate-200`
  if (!post.thumbnailUrl || failedUrl === post.thumbnailUrl) {
    return <span aria-hidden="true" data-thumbnail="none" className={`block ${frame}`} />
  }
  return (
    <img
      src={post.thumbnailUrl}
      alt={thumbnailAlt(post)}
      loading="lazy"
      decoding="async"
      // A calendar entry is dragged by pointer (dnd-kit): the browser's own image drag would cancel that gesture.
      draggable={false}
      width={size === 'small' ? 27 : 90}
      height={size === 'small' ? 48 : 160}
      onError={() => setFailedUrl(post.thumbnailUrl)}
      className={`${frame} object-cover`}
    />
  )
}
