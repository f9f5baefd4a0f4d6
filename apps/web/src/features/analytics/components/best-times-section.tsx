import type { BestTimes } from '@hookpost/shared/analytics'
import { WEEKDAY_LABELS } from '@hookpost/shared/automation'
import { MessageBanner } from '../../../components/ui/message-banner'
import {
  formatCount,
  formatHour,
  formatMultiple,
  formatRelativeViews,
  HEAT_LEVEL_LABELS,
  heatLevel,
  type HeatLevel,
} from '../utils/format'
import { HOURS, heatRows } from '../utils/heat-map'
import { ScrollRegion } from './figures-table'

const LEVEL_CLASSES: Record<HeatLevel, string> = {
  0: 'bg-slate-100 text-slate-900',
  1: 'bg-sky-200 text-slate-900',
  2: 'bg-fuchsia-200 text-slate-900',
  3: 'bg-fuchsia-400 text-slate-900',
  4: 'bg-fuchsia-800 text-white',
}
const LEVELS: HeatLevel[] = [0, 1, 2, 3, 4]

function postsLabel(posts: number): string {
  return posts === 1 ? '1 post' : `${formatCount(posts)} posts`
}

/**
 * Best time to post: the account's posts by weekday and hour (in the zone asked for: the tab's one zone, the
 * person's), shaded by how their views compare with its typical post. A real table (a row per weekday, a column per
 * hour) with every cell's figures for screen readers, a legend for the shades, and the suggested hours as a list. On
 * a phone the table scrolls sideways inside its own region, the weekday column held at its left edge so every row
 * stays labelled.
 */
export function BestTimesSection({ bestTimes }: { bestTimes: BestTimes }) {
  const rows = heatRows(bestTimes.cells)

  return (
    <div className="space-y-4">
      {bestTimes.message ? <MessageBanner tone="info">{bestTimes.message}</MessageBanner> : null}
      {bestTimes.suggestions.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Suggested times</h3>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-slate-800">
            {bestTimes.suggestions.map((s) => (
              <li key={`${s.weekday}-${s.hour}`}>
                {WEEKDAY_LABELS[s.weekday]} at {formatHour(s.hour)}: {formatRelativeViews(s.relativeViews)} (
                {postsLabel(s.posts)})
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {bestTimes.posts > 0 ? (
        <>
          <ScrollRegion label="Views by weekday and hour">
            <table className="border-separate border-spacing-0.5 text-xs">
              <caption className="mb-1 text-left text-sm text-slate-600">
                Views by weekday and hour, from {postsLabel(bestTimes.posts)}, in your time zone
              </caption>
              <thead>
                <tr>
                  <td className="sticky left-0 z-10 bg-white" />
                  {HOURS.map((hour) => (
                    <th key={hour} scope="col" className="w-8 min-w-8 font-normal text-slate-600">
                      <span aria-hidden="true">{hour}</span>
                      <span className="sr-only">{formatHour(hour)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.weekday}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 bg-white pr-1 text-left font-medium whitespace-nowrap text-slate-700"
                    >
                      <span aria-hidden="true">{WEEKDAY_LABELS[row.weekday].slice(0, 3)}</span>
                      <span className="sr-only">{WEEKDAY_LABELS[row.weekday]}</span>
                    </th>
                    {row.cells.map((cell) => {
                      const level = heatLevel(cell.relativeViews, cell.posts)
                      const text =
                        cell.posts === 0
                          ? 'No posts'
                          : `${formatMultiple(cell.relativeViews)}, ${postsLabel(cell.posts)}`
                      return (
                        <td
                          key={cell.hour}
                          data-level={level}
                          title={`${WEEKDAY_LABELS[row.weekday]} ${formatHour(cell.hour)}: ${text}`}
                          className={`h-7 w-8 min-w-8 rounded-sm text-center text-[10px] tabular-nums ${LEVEL_CLASSES[level]}`}
                        >
                          <span aria-hidden="true">{cell.posts === 0 ? '' : formatMultiple(cell.relativeViews)}</span>
                          <span className="sr-only">{text}</span>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div>
            <h3 className="text-sm font-medium text-slate-700">Legend</h3>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
              {LEVELS.map((level) => (
                <li key={level} className="flex items-center gap-1.5">
                  <span aria-hidden="true" className={`inline-block h-3.5 w-3.5 rounded-sm ${LEVEL_CLASSES[level]}`} />
                  {HEAT_LEVEL_LABELS[level]}
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
    </div>
  )
}
