import type { CalendarPost } from '@hookpost/shared/posts'
import { dateTimeIn, timeIn } from './calendar'

/** 'Tue, Apr 7, 2026, 2:30 PM (Europe/Berlin)', plus the post's own zone when it is another one. */
export function PostWhen({ post, zone }: { post: CalendarPost; zone: string }) {
  return (
    <>
      <time dateTime={post.scheduledAt}>{dateTimeIn(post.scheduledAt, zone)}</time>{' '}
      <span className="text-slate-500">({zone})</span>
      {post.timeZone !== zone ? (
        <span className="block text-slate-500">
          {timeIn(post.scheduledAt, post.timeZone)} in {post.timeZone}
        </span>
      ) : null}
    </>
  )
}
