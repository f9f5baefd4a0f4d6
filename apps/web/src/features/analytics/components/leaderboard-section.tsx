import { useId, useState } from 'react'
import {
  ANALYTICS_MESSAGES,
  LEADERBOARD_DIMENSION_LABELS,
  LEADERBOARD_DIMENSIONS,
  type Leaderboard,
  type LeaderboardDimension,
} from '@hookpost/shared/analytics'
import { TabList, tabIds } from '../../../components/ui/tab-list'
import { formatCount, formatRelativeViews } from '../utils/format'
import { tdClass, thClass } from './figures-table'

/**
 * The hook leaderboard: one tab per dimension (concept, tone, overlay style, hook text, source video), each a table of
 * its values, best first, with how many posts each rests on. Rows on fewer than `minSample` posts stay ranked but say
 * they are too few to trust.
 */
export function LeaderboardSection({ leaderboard }: { leaderboard: Leaderboard }) {
  const id = useId()
  const [dimension, setDimension] = useState<LeaderboardDimension>('concept')
  const rows = leaderboard.dimensions[dimension] ?? []
  const label = LEADERBOARD_DIMENSION_LABELS[dimension]
  const ids = tabIds(id, dimension)

  return (
    <div>
      <p className="text-sm text-slate-700">
        “1.8× typical” means posts with this hook got 1.8 times the views of this account’s typical post at the same
        age.
      </p>
      {/* The tabs wrap onto a second line on a phone rather than hide past the edge (issue 30 item 10). */}
      <div className="mt-3">
        <TabList
          label="Compare hooks by"
          wrap
          baseId={id}
          selected={dimension}
          onSelect={setDimension}
          tabs={LEADERBOARD_DIMENSIONS.map((key) => ({ key, label: LEADERBOARD_DIMENSION_LABELS[key] }))}
        />
      </div>
      <div role="tabpanel" id={ids.panelId} aria-labelledby={ids.tabId} className="mt-3">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">{ANALYTICS_MESSAGES.noHookData}</p>
        ) : (
          <div className="relative overflow-x-auto rounded-md border border-slate-200">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Hook leaderboard by {label.toLowerCase()}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    {label}
                  </th>
                  <th scope="col" className={thClass}>
                    Posts
                  </th>
                  <th scope="col" className={thClass}>
                    Median views
                  </th>
                  <th scope="col" className={thClass}>
                    Views vs typical
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.key} className={row.lowSample ? 'bg-amber-50/60' : undefined}>
                    <th
                      scope="row"
                      className="max-w-xs px-3 py-1.5 font-normal [overflow-wrap:anywhere] text-slate-900"
                    >
                      {row.label}
                      {row.lowSample ? (
                        <span className="mt-0.5 block text-xs text-amber-900">{ANALYTICS_MESSAGES.lowSample}</span>
                      ) : null}
                    </th>
                    <td className={tdClass}>{formatCount(row.posts)}</td>
                    <td className={tdClass}>{formatCount(row.medianViews)}</td>
                    <td className={`${tdClass} ${row.lowSample ? 'text-slate-600' : 'font-semibold'}`}>
                      {formatRelativeViews(row.relativeViews)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  )
}
