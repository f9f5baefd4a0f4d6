import { ANALYTICS_MESSAGES, TOP_POSTS_SORTS, type TopPost, type TopPostsSort } from '@hookpost/shared/analytics'
import { linkClass } from '../../../components/ui/form'
import { SegmentedRadio } from '../../../components/ui/segmented-radio'
import { dateTimeIn } from '../../../lib/format'
import { ageInHours, CURVE_DAYS, formatCount, formatRate, formatRelativeViews, viewsAfterDays } from '../utils/format'
import { FiguresTable, tdClass, thClass } from './figures-table'
import { LineChart } from './line-chart'
import { PostThumbnail } from './post-thumbnail'

const SORT_LABELS: Record<TopPostsSort, string> = { views: 'Views', engagement: 'Engagement rate' }

/** One colour per post of the curves chart (and its swatch in the table), distinguishable on white. */
export const CURVE_COLORS = [
  '#a21caf',
  '#0369a1',
  '#15803d',
  '#b45309',
  '#be123c',
  '#4338ca',
  '#0f766e',
  '#854d0e',
  '#6d28d9',
  '#475569',
] as const

function curveColor(index: number): string {
  return CURVE_COLORS[index % CURVE_COLORS.length] ?? '#475569'
}

function shortTitle(title: string): string {
  return title.length > 28 ? `${title.slice(0, 27)}…` : title
}

function postTitle(post: TopPost): string {
  return post.title.trim() || 'Untitled post'
}

function TopPostItem({ post, rank, timeZone }: { post: TopPost; rank: number; timeZone: string }) {
  const title = postTitle(post)
  return (
    <li className="flex gap-3 py-3">
      <span aria-hidden="true" className="w-5 shrink-0 pt-1 text-right text-sm font-semibold text-slate-500">
        {rank}
      </span>
      <PostThumbnail key={post.coverUrl ?? ''} url={post.coverUrl} />
      <div className="min-w-0 flex-1">
        <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{title}</p>
        <p className="text-xs text-slate-600">Published {dateTimeIn(post.publishedAt, timeZone)}</p>
        {post.hook?.hookText ? (
          <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-600">Hook: {post.hook.hookText}</p>
        ) : null}
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-800">
          <div className="flex gap-1">
            <dt className="text-slate-600">Views</dt>
            <dd className="font-semibold tabular-nums">{formatCount(post.views)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600">Engagement</dt>
            <dd className="font-semibold tabular-nums">{formatRate(post.engagementRate)}</dd>
          </div>
          {post.relativeViews !== null ? (
            <div className="flex gap-1">
              <dt className="sr-only">Compared with a typical post</dt>
              <dd className="tabular-nums">{formatRelativeViews(post.relativeViews)}</dd>
            </div>
          ) : null}
        </dl>
        {post.shareUrl ? (
          <a
            href={post.shareUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} mt-1 inline-block text-sm`}
            aria-label={`Open “${title}” on TikTok (opens in a new tab)`}
          >
            Open on TikTok
          </a>
        ) : null}
      </div>
    </li>
  )
}

/** Each post's views over its first 7 days: one line per post, and the same as a table (views after 1…7 days). */
function CurvesChart({ posts, now }: { posts: TopPost[]; now: Date }) {
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-slate-700">Views over each post’s first 7 days</figcaption>
      <LineChart
        label={`Views of each top post over its first 7 days: ${posts.map(postTitle).join(', ')}`}
        height={260}
        series={posts.map((post, index) => ({
          name: post.postId,
          color: curveColor(index),
          points: post.curve.map((p) => ({ x: p.hours, y: p.views })),
        }))}
        xDomain={[0, 168]}
        xTicks={[0, 24, 48, 72, 96, 120, 144, 168]}
        formatX={(hours) => `${hours / 24} d`}
      />
      <ul aria-hidden="true" className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
        {posts.map((post, index) => (
          <li key={post.postId} className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: curveColor(index) }} />
            {shortTitle(postTitle(post))}
          </li>
        ))}
      </ul>
      <FiguresTable caption="Views of each top post after 1 to 7 days">
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Post
            </th>
            {CURVE_DAYS.map((day) => (
              <th key={day} scope="col" className={thClass}>
                {day === 1 ? 'After 1 day' : `After ${day} days`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {posts.map((post, index) => {
            const age = ageInHours(post.publishedAt, now)
            return (
              <tr key={post.postId}>
                <th scope="row" className={`${tdClass} max-w-48 truncate font-normal`} title={postTitle(post)}>
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block h-2.5 w-2.5 rounded-full align-middle"
                    style={{ backgroundColor: curveColor(index) }}
                  />
                  {postTitle(post)}
                </th>
                {CURVE_DAYS.map((day) => {
                  const views = viewsAfterDays(post.curve, day, age)
                  return (
                    <td key={day} className={tdClass}>
                      {views === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Not yet</span>
                        </>
                      ) : (
                        formatCount(views)
                      )}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </FiguresTable>
    </figure>
  )
}

/** The account's best posts published in the period, sortable by views or engagement rate, and their first week. */
export function TopPostsSection({
  posts,
  sort,
  onSort,
  timeZone,
  now,
}: {
  posts: TopPost[]
  sort: TopPostsSort
  onSort: (sort: TopPostsSort) => void
  timeZone: string
  now: Date
}) {
  return (
    <div>
      <SegmentedRadio
        legend="Sort by"
        name="top-posts-sort"
        options={TOP_POSTS_SORTS}
        labels={SORT_LABELS}
        value={sort}
        onChange={onSort}
      />
      {posts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{ANALYTICS_MESSAGES.noPosts}</p>
      ) : (
        <>
          <ol aria-label="Top posts" className="mt-2 divide-y divide-slate-200">
            {posts.map((post, index) => (
              <TopPostItem key={post.postId} post={post} rank={index + 1} timeZone={timeZone} />
            ))}
          </ol>
          <CurvesChart posts={posts} now={now} />
        </>
      )}
    </div>
  )
}
