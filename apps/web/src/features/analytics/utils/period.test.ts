import { describe, expect, it } from 'vitest'
import { ANALYTICS_MESSAGES } from '@hookpost/shared/analytics'
import { analyticsSearch, presetRange, rangeDays, rangeLabel, rangeProblem } from './period'

describe('presetRange', () => {
  it('ends today in the given zone and counts today as one of the days', () => {
    // 23:30 UTC on Apr 15 is already Apr 16 in Berlin, still Apr 15 in Los Angeles.
    const now = new Date('2026-04-15T23:30:00Z')
    expect(presetRange('7', now, 'Europe/Berlin')).toEqual({ from: '2026-04-10', to: '2026-04-16' })
    expect(presetRange('7', now, 'America/Los_Angeles')).toEqual({ from: '2026-04-09', to: '2026-04-15' })
    expect(rangeDays(presetRange('28', now, 'UTC'))).toBe(28)
    expect(rangeDays(presetRange('90', now, 'UTC'))).toBe(90)
  })

  it('crosses month, year and DST boundaries by calendar days', () => {
    expect(presetRange('7', new Date('2026-01-03T12:00:00Z'), 'UTC')).toEqual({ from: '2025-12-28', to: '2026-01-03' })
    // Europe/Berlin springs forward on 2026-03-29: still 7 calendar days.
    expect(presetRange('7', new Date('2026-03-31T10:00:00Z'), 'Europe/Berlin')).toEqual({
      from: '2026-03-25',
      to: '2026-03-31',
    })
  })
})

describe('rangeProblem', () => {
  it('accepts a single day and up to 366 days', () => {
    expect(rangeProblem({ from: '2026-04-01', to: '2026-04-01' })).toBeNull()
    expect(rangeDays({ from: '2025-01-01', to: '2026-01-01' })).toBe(366)
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull()
  })

  it('refuses a start after the end, a missing or impossible date, and more than 366 days', () => {
    expect(rangeProblem({ from: '2026-04-02', to: '2026-04-01' })).toBe(ANALYTICS_MESSAGES.rangeInvalid)
    expect(rangeProblem({ from: '', to: '2026-04-01' })).toBe(ANALYTICS_MESSAGES.rangeInvalid)
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe(ANALYTICS_MESSAGES.rangeInvalid)
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe(ANALYTICS_MESSAGES.rangeTooLong)
  })
})

describe('analyticsSearch', () => {
  it('is the contract’s query string, extras appended', () => {
    const query = { accountId: 'a1', from: '2026-04-01', to: '2026-04-28', tz: 'America/New_York' }
    expect(analyticsSearch(query)).toBe('accountId=a1&from=2026-04-01&to=2026-04-28&tz=America%2FNew_York')
    expect(new URLSearchParams(analyticsSearch(query, { sort: 'engagement' })).get('sort')).toBe('engagement')
  })
})

describe('rangeLabel', () => {
  it('names the year once when both ends share it', () => {
    expect(rangeLabel({ from: '2026-04-01', to: '2026-04-28' })).toBe('Apr 1 – Apr 28, 2026')
    expect(rangeLabel({ from: '2025-12-20', to: '2026-01-02' })).toBe('Dec 20, 2025 – Jan 2, 2026')
    expect(rangeLabel({ from: '2026-04-01', to: '2026-04-01' })).toBe('Apr 1, 2026')
  })
})
