import type { CalendarPost } from '@hookpost/shared/posts'
import { relativeTime } from '../../../../lib/format'
import { useNow } from './use-now'

const count = new Intl.NumberFormat('en-US')

const FIGURES = [
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['shares', 'Shares'],
] as const

/**
 * A published post on TikTok (issue 30, ADR 047): a link to its page there and its latest figures, with when the
 * stats sync read them. Both come with the post and are fetched again when the sync says so (`analytics.synced`).
 * Before the first reading, says the figures are on their way.
 */
export function PostTiktokStats({ post }: { post: Pick<CalendarPost, 'title' | 'state' | 'tiktokUrl' | 'stats'> }) {
  const now = useNow(30_000)
  if (post.state !== 'uploaded') return null
  return (
    <section aria-label="On TikTok" className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      {post.tiktokUrl ? (
        <a
          href={post.tiktokUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-fuchsia-800 underline hover:text-fuchsia-950 focus-visible:outline-2 focus-visible:outline-fuchsia-700"
        >
          View on TikTok
          <span className="sr-only"> (opens in a new tab)</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
            <path d="M11 3a1 1 0 1 0 0 2h2.6l-6.3 6.3a1 1 0 1 0 1.4 1.4L15 6.4V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5ZM5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
          </svg>
        </a>
      ) : null}
      {post.stats ? (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {FIGURES.map(([key, label]) => (
              <div key={key} className="rounded bg-slate-50 px-2 py-1">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{count.format(post.stats?.[key] ?? 0)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-slate-600">
            Updated <time dateTime={post.stats.syncedAt}>{relativeTime(post.stats.syncedAt, now)}</time>
          </p>
        </>
      ) : (
        <p className="text-xs text-slate-600">Views and likes show here once TikTok reports them.</p>
      )}
    </section>
  )
}
