import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LineChart } from './line-chart'

afterEach(cleanup)

const series = [
  { name: 'a', color: '#a21caf', fill: '#f5d0fe', points: [0, 40, 1234, 300].map((y, x) => ({ x, y })) },
  { name: 'b', color: '#0369a1', points: [0, 10, 20, 30].map((y, x) => ({ x, y })) },
]

/** The chart the tests look at: four days of views, two series. */
function renderChart() {
  render(
    <LineChart
      label="Views per day"
      series={series}
      xDomain={[0, 3]}
      xTicks={[0, 1, 2, 3]}
      formatX={(x) => `day ${x}`}
      describe={(p) => `day ${p.x}: ${p.y} views`}
    />,
  )
}

describe('LineChart', () => {
  it('is one named picture with a line per series, an area where asked, and round y steps', () => {
    renderChart()
    const chart = screen.getByRole('img', { name: 'Views per day' })
    expect(chart.querySelectorAll('polyline')).toHaveLength(2)
    expect(chart.querySelectorAll('path')).toHaveLength(1)
    const labels = [...chart.querySelectorAll('text')].map((t) => t.textContent)
    expect(labels).toEqual(expect.arrayContaining(['0', '500', '1K', '1.5K', 'day 0', 'day 3']))
    // The top line is the round step above the largest figure (1,234 → 1,500), at the top of the plot.
    const top = [...chart.querySelectorAll('text')].find((t) => t.textContent === '1.5K')
    expect(Number(top?.getAttribute('y'))).toBe(8)
  })

  it('shows the nearest point of the first series under the pointer, and nothing once it leaves', () => {
    renderChart()
    const chart = screen.getByRole('img', { name: 'Views per day' })
    // jsdom lays nothing out: the chart is drawn 600 wide and the pointer's x is read in those units.
    chart.getBoundingClientRect = () => ({ left: 0, width: 600 }) as DOMRect
    fireEvent.pointerMove(chart, { clientX: 420 })
    expect(chart.textContent).toContain('day 2: 1234 views')
    fireEvent.pointerLeave(chart)
    expect(chart.textContent).not.toContain('views')
  })
})
