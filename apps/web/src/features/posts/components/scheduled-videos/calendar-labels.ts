import type { CalendarPost, PostState } from '@hookpost/shared/posts'
import { timeIn } from './calendar'
import { formatSuffix } from './format-badge'
import { sourceSuffix } from './source-badge'
import { statusLabel } from './status-badge'

/**
 * 'Morning tip, 9:00 AM, Scheduled' (', Automation' when automation planned it): what an entry's button says (its
 * visible parts have no spaces between them).
 */
export function entryName(post: CalendarPost, zone: string): string {
  return `${post.title}, ${timeIn(post.scheduledAt, zone)}, ${statusLabel(post.state)}${sourceSuffix(post)}${formatSuffix(post)}`
}

/** '1 video', '3 videos': a day's count, in the grid and in the agenda. */
export function videoCount(count: number): string {
  return `${count} ${count === 1 ? 'video' : 'videos'}`
}

/**
 * A day's count with how many are in each status, as its cell's badge is read: '5 videos: 3 scheduled, 2 uploaded'
 * (one status: just '3 videos'). Statuses that read alike (publishing, processing on TikTok) are counted together.
 */
export function dayCountLabel(total: number, counts: Partial<Record<PostState, number>>): string {
  const byLabel = new Map<string, number>()
  for (const [state, n] of Object.entries(counts) as [PostState, number][]) {
    const label = statusLabel(state).toLowerCase()
    byLabel.set(label, (byLabel.get(label) ?? 0) + n)
  }
  if (byLabel.size < 2) return videoCount(total)
  return `${videoCount(total)}: ${[...byLabel].map(([label, n]) => `${n} ${label}`).join(', ')}`
}
