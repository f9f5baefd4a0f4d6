import { useRef, useState, type PointerEvent } from 'react'
import { useElementWidth } from '../../../lib/use-element-height'
import { niceTicks, spacedIndexes } from '../utils/chart-scale'
import { formatCompact } from '../utils/format'

export type ChartPoint = { x: number; y: number }
export type ChartSeries = { name: string; color: string; points: readonly ChartPoint[]; fill?: string }

/** Room for the y axis' labels on the left and the x axis' under the plot (CSS px, as drawn). */
const MARGIN = { top: 8, right: 8, bottom: 24, left: 44 }
/** Before the first measurement (and in jsdom, which lays nothing out): drawn at this width and scaled. */
const FALLBACK_WIDTH = 600
/** The space one x label needs; fewer are shown when the chart is narrow. */
const X_LABEL_ROOM = 64

/**
 * A line chart in plain SVG (ADR 056: the chart library was most of the Analytics tab's download). Lines and an
 * optional filled area over a 0-based y axis with round steps, drawn at the width it is given so the text keeps its
 * size on a phone. It is one picture (`role="img"` with `label`); the figures themselves are in the table beside it,
 * which is where keyboard and screen-reader users read them. `describe`, when given, shows the first series' nearest
 * point under the pointer.
 */
export function LineChart({
  label,
  series,
  xDomain,
  xTicks,
  formatX,
  describe,
  height = 240,
}: {
  label: string
  series: readonly ChartSeries[]
  xDomain: readonly [number, number]
  /** Where x labels may go; thinned to what fits. */
  xTicks: readonly number[]
  formatX: (x: number) => string
  describe?: (point: ChartPoint) => string
  height?: number
}) {
  const box = useRef<HTMLDivElement>(null)
  const width = useElementWidth(box) || FALLBACK_WIDTH
  const [hovered, setHovered] = useState<ChartPoint | null>(null)

  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right)
  const plotHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom)
  const yTicks = niceTicks(Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y))))
  const yTop = yTicks[yTicks.length - 1] ?? 1
  const [x0, x1] = xDomain
  const xAt = (x: number) => MARGIN.left + (x1 === x0 ? 0 : ((x - x0) / (x1 - x0)) * plotWidth)
  const yAt = (y: number) => MARGIN.top + plotHeight - (y / yTop) * plotHeight
  const shownXTicks = spacedIndexes(xTicks.length, plotWidth / X_LABEL_ROOM).map((i) => xTicks[i] ?? 0)
  const baseline = yAt(0)

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const first = series[0]?.points
    if (!describe || !first?.length) return
    const rect = event.currentTarget.getBoundingClientRect()
    const x = ((event.clientX - rect.left) / (rect.width || 1)) * width
    const nearest = first.reduce((best, p) => (Math.abs(xAt(p.x) - x) < Math.abs(xAt(best.x) - x) ? p : best))
    setHovered(nearest)
  }

  return (
    <div ref={box} className="mt-2 w-full">
      <svg
        role="img"
        aria-label={label}
        width="100%"
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        className="block overflow-visible text-xs"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHovered(null)}
      >
        {yTicks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotWidth}
              y1={yAt(tick)}
              y2={yAt(tick)}
              stroke="#e2e8f0"
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text x={MARGIN.left - 6} y={yAt(tick)} dy="0.32em" textAnchor="end" fill="#475569">
              {formatCompact(tick)}
            </text>
          </g>
        ))}
        {shownXTicks.map((tick) => (
          <text key={tick} x={xAt(tick)} y={height - 6} textAnchor="middle" fill="#475569">
            {formatX(tick)}
          </text>
        ))}
        {series.map((s) => {
          const line = s.points.map((p) => `${xAt(p.x).toFixed(1)},${yAt(p.y).toFixed(1)}`).join(' ')
          const first = s.points[0]
          const last = s.points[s.points.length - 1]
          return (
            <g key={s.name}>
              {s.fill && first && last ? (
                <path
                  d={`M${xAt(first.x).toFixed(1)},${baseline} L${line.replaceAll(' ', ' L')} L${xAt(last.x).toFixed(1)},${baseline} Z`}
                  fill={s.fill}
                />
              ) : null}
              <polyline points={line} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" />
            </g>
          )
        })}
        {hovered && describe ? (
          <Hover point={hovered} x={xAt(hovered.x)} y={yAt(hovered.y)} text={describe(hovered)} width={width} />
        ) : null}
      </svg>
    </div>
  )
}

/** The pointer's point: a guide line, a dot and its figures, kept inside the chart. */
function Hover({ point, x, y, text, width }: { point: ChartPoint; x: number; y: number; text: string; width: number }) {
  const anchor = x > width * 0.6 ? 'end' : 'start'
  return (
    <g pointerEvents="none" data-x={point.x}>
      <line x1={x} x2={x} y1={MARGIN.top} y2={y} stroke="#94a3b8" />
      <circle cx={x} cy={y} r={4} fill="#a21caf" stroke="#fff" strokeWidth={2} />
      <text
        x={anchor === 'end' ? x - 8 : x + 8}
        y={MARGIN.top + 12}
        textAnchor={anchor}
        fill="#0f172a"
        stroke="#fff"
        strokeWidth={4}
        paintOrder="stroke"
        className="font-medium"
      >
        {text}
      </text>
    </g>
  )
}
