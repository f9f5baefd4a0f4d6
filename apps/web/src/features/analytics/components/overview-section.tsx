import { ANALYTICS_MESSAGES, type AnalyticsOverview } from '@hookpost/shared/analytics'
import { formatCount, formatLongDay, formatRate, formatShortDay, describeChange } from '../utils/format'
import { FiguresTable, tdClass, thClass } from './figures-table'
import { LineChart } from './line-chart'

export type Card = { label: string; value: string; change?: ReturnType<typeof describeChange> }

const changeClass = { up: 'text-green-800', down: 'text-red-800', flat: 'text-slate-600' } as const

/** A row of figure cards under a small heading (the overview's, and the all-accounts totals). */
export function Cards({ title, cards }: { title: string; cards: Card[] }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <div key={card.label} className="rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{card.value}</dd>
            {card.change ? (
              <dd className={`mt-0.5 text-xs ${changeClass[card.change.direction]}`}>{card.change.text}</dd>
            ) : null}
          </div>
        ))}
      </dl>
    </div>
  )
}

/** Totals (with growth against the period before), then the views gained per day as a chart and a table. */
export function OverviewSection({ overview }: { overview: AnalyticsOverview }) {
  const { totals, growth, previousGrowth, series } = overview
  if (totals.posts === 0 && growth.views === 0 && series.every((p) => p.views === 0)) {
    return <p className="text-sm text-slate-700">{ANALYTICS_MESSAGES.noPosts}</p>
  }
  const gained: Card[] = [
    { label: 'Views', value: formatCount(growth.views), change: describeChange(growth.views, previousGrowth.views) },
    { label: 'Likes', value: formatCount(growth.likes), change: describeChange(growth.likes, previousGrowth.likes) },
    {
      label: 'Comments',
      value: formatCount(growth.comments),
      change: describeChange(growth.comments, previousGrowth.comments),
    },
    {
      label: 'Shares',
      value: formatCount(growth.shares),
      change: describeChange(growth.shares, previousGrowth.shares),
    },
    {
      label: 'New followers',
      value: growth.followers === null ? '—' : formatCount(growth.followers),
      change: describeChange(growth.followers, previousGrowth.followers),
    },
  ]
  const published: Card[] = [
    { label: 'Posts published', value: formatCount(totals.posts) },
    { label: 'Their views', value: formatCount(totals.views) },
    { label: 'Engagement rate', value: formatRate(totals.engagementRate) },
    { label: 'Followers now', value: overview.followers === null ? '—' : formatCount(overview.followers) },
  ]

  return (
    <div className="space-y-5">
      <Cards title="Gained in this period, by all posts" cards={gained} />
      <Cards title="Posts published in this period" cards={published} />
      <figure>
        <figcaption className="text-sm font-medium text-slate-700">Views per day</figcaption>
        <ViewsChart series={series} />
        <FiguresTable caption="Views, likes, comments, shares and followers per day">
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Day
              </th>
              <th scope="col" className={thClass}>
                Views
              </th>
              <th scope="col" className={thClass}>
                Likes
              </th>
              <th scope="col" className={thClass}>
                Comments
              </th>
              <th scope="col" className={thClass}>
                Shares
              </th>
              <th scope="col" className={thClass}>
                Followers
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row" className={`${tdClass} font-normal`}>
                  {formatLongDay(point.date)}
                </th>
                <td className={tdClass}>{formatCount(point.views)}</td>
                <td className={tdClass}>{formatCount(point.likes)}</td>
                <td className={tdClass}>{formatCount(point.comments)}</td>
                <td className={tdClass}>{formatCount(point.shares)}</td>
                <td className={tdClass}>{point.followers === null ? '—' : formatCount(point.followers)}</td>
              </tr>
            ))}
          </tbody>
        </FiguresTable>
      </figure>
    </div>
  )
}

/** The views gained per day as an area: a picture of the table under it, summed up in its label. */
function ViewsChart({ series }: { series: AnalyticsOverview['series'] }) {
  const first = series[0]
  const last = series[series.length - 1]
  const peak = series.reduce((best, p) => (p.views > best.views ? p : best), first ?? { date: '', views: 0 })
  const dayAt = (i: number) => series[Math.round(i)]?.date ?? ''
  const label =
    first && last
      ? `Views per day from ${formatLongDay(first.date)} to ${formatLongDay(last.date)}, the most ${formatCount(peak.views)} on ${formatLongDay(peak.date)}`
      : 'Views per day'
  return (
    <LineChart
      label={label}
      series={[
        {
          name: 'Views',
          color: '#a21caf',
          fill: '#f5d0fe',
          points: series.map((p, i) => ({ x: i, y: p.views })),
        },
      ]}
      xDomain={[0, Math.max(0, series.length - 1)]}
      xTicks={series.map((_, i) => i)}
      formatX={(i) => formatShortDay(dayAt(i))}
      describe={(p) => `${formatLongDay(dayAt(p.x))}: ${formatCount(p.y)} views`}
    />
  )
}
