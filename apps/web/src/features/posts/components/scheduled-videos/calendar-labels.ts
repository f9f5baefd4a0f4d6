import type { CalendarPost } from '@hookpost/shared/posts'
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
