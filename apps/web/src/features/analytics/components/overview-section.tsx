import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import { ANALYTICS_MESSAGES, type AnalyticsOverview } from '@hookpost/shared/analytics'
import { formatCompact, formatCount, formatLongDay, formatRate, formatShortDay, describeChange } from '../utils/format'
import { FiguresTable, tdClass, thClass } from './figures-table'

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
        {/* The chart is a picture of the table below, which is what screen readers get. */}
        <div aria-hidden="true" className="mt-2">
          <AreaChart
            responsive
            accessibilityLayer={false}
            data={series}
            style={{ width: '100%', height: 240 }}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={formatShortDay} minTickGap={24} tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={formatCompact} width={44} allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip
              labelFormatter={(label) => formatLongDay(String(label))}
              formatter={(value) => formatCount(Number(value))}
            />
            <Area
              type="monotone"
              dataKey="views"
              name="Views"
              stroke="#a21caf"
              fill="#f5d0fe"
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        </div>
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
